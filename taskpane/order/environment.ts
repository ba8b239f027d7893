/**
 * Where an order goes. The order form chooses the test environment or production; the settings say where each is:
 * - settings on the test environment: test is the settings' checkout address, production the add-in's own origin
 *   (the local service's production listener behind the dev server);
 * - settings on the local demo: production is the settings' checkout address (the local service), test the dev
 *   server's `/test-env` path to the local test listener;
 * - settings on production: production is the settings' checkout address (required), test the `/test-env` path.
 * A test checkout address given in the settings replaces the test environment's in every case, so the production
 * item service can be used with the test checkout.
 */
import { ENVIRONMENT_DEFAULTS, SettingsError, resolveBaseUrl, type PartsheetSettings } from '../../src/settings';
import type { OrderEnvironment } from '../../src/workflows/order-review';

export const ORDER_ENVIRONMENTS: readonly OrderEnvironment[] = ['test', 'production'];

export const ORDER_ENVIRONMENT_LABELS: Record<OrderEnvironment, string> = {
  test: 'Test environment',
  production: 'Production',
};

/** The environment an order starts in: production only when the settings are on production. */
export function defaultOrderEnvironment(settings: Pick<PartsheetSettings, 'environment'>): OrderEnvironment {
  return settings.environment === 'production' ? 'production' : 'test';
}

/** The absolute checkout base URL of an environment; throws SettingsError when it cannot be used. */
export function checkoutBaseUrl(
  environment: OrderEnvironment,
  settings: Pick<PartsheetSettings, 'environment' | 'checkoutBaseUrl'> &
    Partial<Pick<PartsheetSettings, 'testCheckoutBaseUrl'>>,
  origin: string | undefined,
): string {
  let value: string;
  if (environment === 'test') {
    const given = settings.testCheckoutBaseUrl?.trim() ?? '';
    if (given !== '') return resolveBaseUrl(given, origin, 'testCheckoutBaseUrl');
    value = settings.environment === 'test' ? settings.checkoutBaseUrl : ENVIRONMENT_DEFAULTS.test.checkoutBaseUrl;
  } else {
    value = settings.environment === 'test' ? ENVIRONMENT_DEFAULTS.local.checkoutBaseUrl : settings.checkoutBaseUrl;
    if (settings.environment === 'production' && value.trim() === '') {
      throw new SettingsError(
        'checkoutBaseUrl',
        'Give the production checkout address (https://…) in Partsheet settings before ordering in production',
      );
    }
  }
  return resolveBaseUrl(value, origin, 'checkoutBaseUrl');
}
