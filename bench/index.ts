import { runServiceBench } from './service';
import { runAbuseBench } from './abuse';
import { runGatewayAbuseBench } from './abuse-gateway';
import { runLanesAbuseBench } from './abuse-lanes';
import { runCheckoutBench } from './checkout';
import { runLookupBench } from './lookup';
import { runFunctionsBench } from './functions';
import { runBomBench } from './bom';
import { runBomLargeBench } from './bom-large';
import { runChangesBench } from './changes';
import { runPurchaseBench } from './purchase';
import { runTaskpaneBench } from './taskpane';
import { runGatewayBench } from './gateway';

/** `npm run bench [service|checkout]`: runs the named benchmarks, or all. */
export async function runBenchmarks(names: string[]): Promise<number> {
  const all: Record<string, () => Promise<unknown>> = {
    service: () => runServiceBench(),
    abuse: async () => {
      await runAbuseBench();
      await runGatewayAbuseBench();
    },
    'abuse-gateway': () => runGatewayAbuseBench(),
    'abuse-lanes': () => runLanesAbuseBench(),
    checkout: () => runCheckoutBench(),
    lookup: () => runLookupBench(),
    functions: () => runFunctionsBench(),
    bom: () => runBomBench(),
    'bom-large': () => runBomLargeBench(),
    changes: () => runChangesBench(),
    purchase: () => runPurchaseBench(),
    taskpane: () => runTaskpaneBench(),
    gateway: () => runGatewayBench(),
  };
  const chosen = names.length ? names : Object.keys(all);
  for (const name of chosen) {
    const run = all[name];
    if (!run) {
      process.stderr.write(`unknown benchmark '${name}'; choose from ${Object.keys(all).join(', ')}\n`);
      return 2;
    }
    await run();
  }
  return 0;
}
