/**
 * The service for `bench abuse`, in a process of its own that also watches its event loop: the parent asks for the
 * delay figures since the last question over IPC. Started only by bench/abuse.ts, on the loopback address.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../service/app';
import { CatalogStore, openDatabase } from '../service/store/db';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  const store = new CatalogStore(openDatabase(file));
  const app = await buildApp({ catalog: store, environment: 'test' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('message', (message: unknown) => {
    if (message === 'delay') {
      process.send!({ p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 });
      delay.reset();
    }
  });
  process.send!({ url });
}

void main();
