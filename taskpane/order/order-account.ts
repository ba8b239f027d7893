/**
 * The order form's account side: the environment an order goes to and what is known of reaching its checkout, the
 * credentials held or remembered for it, and the ship-to addresses used before by the account.
 */
import type { CheckoutConfig } from '../../src/checkout';
import type { PartsheetSettings } from '../../src/settings';
import { checkoutBaseUrl } from './environment';
import type { OrderFlow } from './order-flow';
import type { OrderServices } from './order-state';
import type { OrderEnvironment } from '../../src/workflows/order-review';
import { knownCheckoutBlock } from './reachability';
import { shipToAccount } from './ship-to';

/** How the checkout is reached: its address, the gateway token, and this page's fetch and CORS probe. */
export function checkoutConfig(services: OrderServices, baseUrl: string, settings: PartsheetSettings): CheckoutConfig {
  return {
    baseUrl,
    gatewayToken: settings.gatewayToken,
    fetch: services.fetch,
    ...(services.corsProbe ? { corsProbe: services.corsProbe } : {}),
  };
}

/** What is known, without asking, about this page reaching the environment's checkout. */
export function noteBlock(flow: OrderFlow, settings: PartsheetSettings, environment: OrderEnvironment): void {
  let blocked: string | null = null;
  const { origin, corsProbe } = flow.services;
  try {
    blocked = knownCheckoutBlock(checkoutBaseUrl(environment, settings, origin), settings, origin, corsProbe);
  } catch {
    // An unusable address is reported when sending, with the settings to fix.
  }
  if (blocked !== flow.state().checkoutBlocked) flow.set({ checkoutBlocked: blocked });
}

/**
 * Switches the form to `environment`: the credentials held or remembered for it (the username typed stays unless it
 * was the previous environment's), its ship-to addresses, and the address this account used last.
 */
export async function loadEnvironment(flow: OrderFlow, environment: OrderEnvironment): Promise<void> {
  flow.services.settings
    .getSettings()
    .then((settings) => noteBlock(flow, settings, environment))
    .catch(() => undefined);
  const creds = await flow.credentials.load(environment);
  const current = flow.state().form;
  const previous = flow.credentials.get(current.environment);
  const fromPrevious = previous !== undefined && previous.username === current.username.trim();
  const username = creds?.username ?? (fromPrevious ? '' : current.username);
  const same = environment === current.environment;
  const shipTos = await flow.services.shipTos.load(environment).catch(() => []);
  const state = flow.state();
  const remembered = flow.credentials.isRemembered(environment);
  const form = {
    ...state.form,
    environment,
    username,
    password: same ? state.form.password : '',
    remember: remembered,
  };
  flow.set({
    form: same ? form : { ...form, shipToAddressId: '' },
    passwordHeld: creds ? (remembered ? 'remembered' : 'memory') : null,
    shipTos,
  });
  prefillShipTo(flow);
}

/** An empty ship-to field takes the address this account used last. */
export function prefillShipTo(flow: OrderFlow): void {
  const { form, shipTos } = flow.state();
  if (form.shipToAddressId.trim() !== '') return;
  const account = shipToAccount(form);
  const last = shipTos.find((e) => account !== '' && e.account === account);
  if (last) flow.set({ form: { ...form, shipToAddressId: last.id } });
}

/** Takes an address off the list of those used before (the field keeps what it holds). */
export async function forgetShipTo(flow: OrderFlow, id: string): Promise<void> {
  const environment = flow.state().form.environment;
  const shipTos = await flow.services.shipTos
    .forget(environment, id, shipToAccount(flow.state().form))
    .catch(() => flow.state().shipTos.filter((e) => e.id !== id));
  if (environment === flow.state().form.environment) flow.set({ shipTos });
}
