/**
 * The settings view's flow, without React: load the saved settings (never offering a save before they arrive), edit
 * them as text on screen, save them (a setting that cannot be used is named at its field), and test the connection
 * with what is on screen, saved or not.
 */
import { ENVIRONMENT_DEFAULTS, type Environment, type PartsheetSettings, isSettingsError } from '../../src/settings';
import type { ConnectionStep } from '../connection';
import { describeProblem } from '../errors';
import type { PaneServices } from '../services';
import { Store } from '../store';

/** The settings as the form holds them: numbers and lists as the text typed. */
export type SettingsForm = Omit<
  PartsheetSettings,
  'cacheTtlMinutes' | 'sources' | 'overagePercent' | 'overageMin' | 'overbuySharePercent' | 'overbuyMinAmount'
> &
  Record<
    'cacheTtlMinutes' | 'sources' | 'overagePercent' | 'overageMin' | 'overbuySharePercent' | 'overbuyMinAmount',
    string
  >;

export interface SettingsState {
  /** null until storage has answered: until then nothing can be saved. */
  form: SettingsForm | null;
  loadError: string | null;
  /** Why a setting could not be saved, at its field. */
  errors: Partial<Record<keyof PartsheetSettings, string>>;
  saving: boolean;
  saved: string | null;
  testing: boolean;
  steps: ConnectionStep[] | null;
}

export type SettingsServices = Pick<PaneServices, 'settings' | 'testConnection'>;

export function formOf(s: PartsheetSettings): SettingsForm {
  return {
    environment: s.environment,
    itemBaseUrl: s.itemBaseUrl,
    checkoutBaseUrl: s.checkoutBaseUrl,
    testCheckoutBaseUrl: s.testCheckoutBaseUrl,
    login: s.login,
    apiKey: s.apiKey,
    gatewayToken: s.gatewayToken,
    jsonpSearches: s.jsonpSearches,
    currency: s.currency,
    apiVersion: s.apiVersion,
    cacheTtlMinutes: String(s.cacheTtlMinutes),
    sources: s.sources.join(', '),
    overagePercent: String(s.overagePercent),
    overageMin: String(s.overageMin),
    overbuySharePercent: String(s.overbuySharePercent),
    overbuyMinAmount: String(s.overbuyMinAmount),
    alternatesUse: s.alternatesUse,
    needBy: s.needBy,
    shareSafeRecords: s.shareSafeRecords,
  };
}

export function settingsOf(form: SettingsForm): PartsheetSettings {
  return {
    environment: form.environment,
    itemBaseUrl: form.itemBaseUrl.trim(),
    checkoutBaseUrl: form.checkoutBaseUrl.trim(),
    testCheckoutBaseUrl: form.testCheckoutBaseUrl.trim(),
    login: form.login.trim(),
    apiKey: form.apiKey.trim(),
    gatewayToken: form.gatewayToken.trim(),
    jsonpSearches: form.jsonpSearches,
    currency: form.currency.trim().toUpperCase(),
    apiVersion: form.apiVersion,
    cacheTtlMinutes: form.cacheTtlMinutes.trim() === '' ? Number.NaN : Number(form.cacheTtlMinutes),
    sources: form.sources
      .split(/[\s,;]+/)
      .map((s) => s.trim().toUpperCase())
      .filter((s) => s !== ''),
    overagePercent: form.overagePercent.trim() === '' ? 0 : Number(form.overagePercent),
    overageMin: form.overageMin.trim() === '' ? 0 : Number(form.overageMin),
    overbuySharePercent: form.overbuySharePercent.trim() === '' ? Number.NaN : Number(form.overbuySharePercent),
    overbuyMinAmount: form.overbuyMinAmount.trim() === '' ? Number.NaN : Number(form.overbuyMinAmount),
    alternatesUse: form.alternatesUse,
    shareSafeRecords: form.shareSafeRecords,
    needBy: form.needBy.trim(),
  };
}

export class SettingsController extends Store<SettingsState> {
  private stopped = false;

  constructor(private readonly services: SettingsServices) {
    super({ form: null, loadError: null, errors: {}, saving: false, saved: null, testing: false, steps: null });
  }

  /** Loads the saved settings; returns the stop, after which late answers are dropped. */
  start(): () => void {
    this.stopped = false;
    this.services.settings
      .getSettings()
      .then((settings) => this.live({ form: formOf(settings) }))
      .catch((e) => this.live({ loadError: describeProblem(e).text }));
    return () => {
      this.stopped = true;
    };
  }

  private live(patch: Partial<SettingsState>): void {
    if (!this.stopped) this.set(patch);
  }

  update = (patch: Partial<SettingsForm>): void => {
    const form = this.state.form;
    if (!form) return;
    const errors = { ...this.state.errors };
    for (const key of Object.keys(patch)) delete errors[key as keyof PartsheetSettings];
    this.set({ form: { ...form, ...patch }, saved: null, steps: null, errors });
  };

  /** A new environment brings its own addresses, and its demo login when it has one. */
  changeEnvironment = (environment: Environment): void => {
    const form = this.state.form;
    if (!form) return;
    const defaults = ENVIRONMENT_DEFAULTS[environment];
    this.update({
      environment,
      itemBaseUrl: defaults.itemBaseUrl,
      checkoutBaseUrl: defaults.checkoutBaseUrl,
      login: defaults.login || (form.environment === environment ? form.login : ''),
      apiKey: defaults.apiKey || (form.environment === environment ? form.apiKey : ''),
    });
  };

  save = async (): Promise<void> => {
    const form = this.state.form;
    if (!form) return;
    this.set({ saving: true, saved: null });
    try {
      const next = await this.services.settings.saveSettings(settingsOf(form));
      this.live({ form: formOf(next), errors: {}, saved: 'Saved. New lookups use these settings.' });
    } catch (e) {
      this.live({ errors: isSettingsError(e) ? { [e.field]: e.message } : { itemBaseUrl: describeProblem(e).text } });
    } finally {
      this.live({ saving: false });
    }
  };

  test = async (): Promise<void> => {
    const form = this.state.form;
    if (!form) return;
    this.set({ testing: true, steps: null });
    try {
      const steps = await this.services.testConnection(settingsOf(form));
      this.live({ steps });
    } catch (e) {
      this.live({
        steps: [{ id: 'reach', label: 'Parts service reachable', state: 'failed', detail: describeProblem(e).text }],
      });
    } finally {
      this.live({ testing: false });
    }
  };
}
