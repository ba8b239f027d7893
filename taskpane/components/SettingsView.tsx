import { Button, Field, Input, MessageBar, MessageBarBody, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular, SubtractCircleRegular, WarningRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { ENVIRONMENT_DEFAULTS, ENVIRONMENTS, type Environment, type PartsheetSettings, isSettingsError } from '../../src/settings';
import type { ConnectionStep } from '../connection';
import { describeProblem } from '../errors';
import type { PaneServices } from '../services';
import { useSectionStyles, useSelectStyles } from './styles';

export interface SettingsViewProps {
  services: Pick<PaneServices, 'settings' | 'testConnection'>;
}

const ENVIRONMENT_LABELS: Record<Environment, string> = {
  local: 'Local demo (this computer)',
  test: 'Test environment',
  production: 'Production',
};

interface Form {
  environment: Environment;
  itemBaseUrl: string;
  checkoutBaseUrl: string;
  login: string;
  apiKey: string;
  currency: string;
  apiVersion: 'v3' | 'v4';
  cacheTtlMinutes: string;
  sources: string;
  overagePercent: string;
  overageMin: string;
}

function formOf(s: PartsheetSettings): Form {
  return {
    environment: s.environment,
    itemBaseUrl: s.itemBaseUrl,
    checkoutBaseUrl: s.checkoutBaseUrl,
    login: s.login,
    apiKey: s.apiKey,
    currency: s.currency,
    apiVersion: s.apiVersion,
    cacheTtlMinutes: String(s.cacheTtlMinutes),
    sources: s.sources.join(', '),
    overagePercent: String(s.overagePercent),
    overageMin: String(s.overageMin),
  };
}

function settingsOf(form: Form): PartsheetSettings {
  return {
    environment: form.environment,
    itemBaseUrl: form.itemBaseUrl.trim(),
    checkoutBaseUrl: form.checkoutBaseUrl.trim(),
    login: form.login.trim(),
    apiKey: form.apiKey.trim(),
    currency: form.currency.trim().toUpperCase(),
    apiVersion: form.apiVersion,
    cacheTtlMinutes: form.cacheTtlMinutes.trim() === '' ? Number.NaN : Number(form.cacheTtlMinutes),
    sources: form.sources
      .split(/[\s,;]+/)
      .map((s) => s.trim().toUpperCase())
      .filter((s) => s !== ''),
    overagePercent: form.overagePercent.trim() === '' ? 0 : Number(form.overagePercent),
    overageMin: form.overageMin.trim() === '' ? 0 : Number(form.overageMin),
  };
}

const useStyles = makeStyles({
  steps: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  step: {
    display: 'grid',
    gridTemplateColumns: '20px 1fr',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  skipped: { color: tokens.colorNeutralForeground3 },
  detail: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
});

const STATE_WORDS: Record<ConnectionStep['state'], string> = { ok: 'works', failed: 'failed', warning: 'check', skipped: 'not checked' };

function StepIcon({ state }: { state: ConnectionStep['state'] }) {
  const c = useStyles();
  if (state === 'ok') return <CheckmarkCircleRegular className={c.ok} aria-hidden="true" fontSize={20} />;
  if (state === 'failed') return <ErrorCircleRegular className={c.failed} aria-hidden="true" fontSize={20} />;
  if (state === 'warning') return <WarningRegular className={c.warning} aria-hidden="true" fontSize={20} />;
  return <SubtractCircleRegular className={c.skipped} aria-hidden="true" fontSize={20} />;
}

/**
 * The connection and pricing settings. The login and API key are stored by the shared runtime in the add-in's own
 * storage (OfficeRuntime.storage) on this computer, never in the workbook.
 */
export function SettingsView({ services }: SettingsViewProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const sel = useSelectStyles();
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof PartsheetSettings, string>>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [steps, setSteps] = useState<ConnectionStep[] | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    services.settings
      .getSettings()
      .then((settings) => mounted.current && setForm(formOf(settings)))
      .catch((e) => mounted.current && setLoadError(describeProblem(e).text));
    return () => {
      mounted.current = false;
    };
  }, [services]);

  if (loadError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>The settings could not be read: {loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!form) {
    // Until Office's storage answers there is nothing to show or save: saving now would replace the stored login,
    // API key and addresses with defaults.
    return (
      <section className={s.section} aria-busy="true" aria-labelledby="settings-loading">
        <Spinner size="small" id="settings-loading" label="Loading settings…" />
        <p className={s.text}>Office has not handed over the saved settings yet. They appear here as soon as it does; PARTS functions recalculate with them.</p>
        <div className={s.row}>
          <Button appearance="primary" disabled>
            Save
          </Button>
        </div>
      </section>
    );
  }

  const update = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setSaved(null);
    setSteps(null);
    setErrors((old) => {
      const next = { ...old };
      for (const key of Object.keys(patch)) delete next[key as keyof PartsheetSettings];
      return next;
    });
  };

  const changeEnvironment = (environment: Environment) => {
    const defaults = ENVIRONMENT_DEFAULTS[environment];
    update({
      environment,
      itemBaseUrl: defaults.itemBaseUrl,
      checkoutBaseUrl: defaults.checkoutBaseUrl,
      login: defaults.login || (form.environment === environment ? form.login : ''),
      apiKey: defaults.apiKey || (form.environment === environment ? form.apiKey : ''),
    });
  };

  const save = async () => {
    setSaving(true);
    setSaved(null);
    try {
      const next = await services.settings.saveSettings(settingsOf(form));
      if (!mounted.current) return;
      setForm(formOf(next));
      setErrors({});
      setSaved('Saved. New lookups use these settings.');
    } catch (e) {
      if (!mounted.current) return;
      if (isSettingsError(e)) setErrors({ [e.field]: e.message });
      else setErrors({ itemBaseUrl: describeProblem(e).text });
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setSteps(null);
    try {
      const result = await services.testConnection(settingsOf(form));
      if (mounted.current) setSteps(result);
    } catch (e) {
      if (mounted.current) setSteps([{ id: 'reach', label: 'Parts service reachable', state: 'failed', detail: describeProblem(e).text }]);
    } finally {
      if (mounted.current) setTesting(false);
    }
  };

  const production = form.environment === 'production';
  const error = (field: keyof PartsheetSettings) => (errors[field] ? { validationState: 'error' as const, validationMessage: errors[field] } : {});

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      aria-labelledby="settings-heading"
    >
      <section className={s.section}>
        <h2 id="settings-heading" className={s.heading}>
          Connection
        </h2>
        <Field label="Environment" hint="Test and local demo come with demo credentials.">
          <Select className={sel.root} select={{ className: sel.select }} value={form.environment} onChange={(_, d) => changeEnvironment(d.value as Environment)}>
            {ENVIRONMENTS.map((env) => (
              <option key={env} value={env}>
                {ENVIRONMENT_LABELS[env]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Parts service address"
          hint={production ? "The service's https:// address." : "https://…; empty means this add-in's own server."}
          {...error('itemBaseUrl')}
        >
          <Input value={form.itemBaseUrl} placeholder={production ? 'https://parts.example.com' : "(this add-in's server)"} onChange={(_, d) => update({ itemBaseUrl: d.value })} />
        </Field>
        <Field label="Checkout address" hint="Used when ordering; same forms as above." {...error('checkoutBaseUrl')}>
          <Input value={form.checkoutBaseUrl} placeholder={production ? '(none)' : "(this add-in's server)"} onChange={(_, d) => update({ checkoutBaseUrl: d.value })} />
        </Field>
        <Field label="Login" {...error('login')}>
          <Input value={form.login} autoComplete="username" onChange={(_, d) => update({ login: d.value })} />
        </Field>
        <Field label="API key" hint="Kept in the add-in's storage on this computer, never in the workbook." {...error('apiKey')}>
          <Input type="password" value={form.apiKey} autoComplete="current-password" onChange={(_, d) => update({ apiKey: d.value })} />
        </Field>
      </section>
      <section className={s.section} aria-labelledby="pricing-settings-heading">
        <h2 id="pricing-settings-heading" className={s.heading}>
          Pricing
        </h2>
        <Field
          label="Currency"
          hint="Three letters, such as USD or EUR; empty means USD. Offers in other currencies compete after conversion at the service's own rate."
          {...error('currency')}
        >
          <Input value={form.currency} maxLength={3} placeholder="USD" onChange={(_, d) => update({ currency: d.value.toUpperCase() })} />
        </Field>
        <Field label="API version">
          <Select className={sel.root} select={{ className: sel.select }} value={form.apiVersion} onChange={(_, d) => update({ apiVersion: d.value as 'v3' | 'v4' })}>
            <option value="v4">v4 (current)</option>
            <option value="v3">v3</option>
          </Select>
        </Field>
        <Field label="Sources to use" hint="Source codes separated by commas, such as MARKETPLACE, ACNA; empty uses every source." {...error('sources')}>
          <Input value={form.sources} onChange={(_, d) => update({ sources: d.value })} />
        </Field>
        <Field label="Keep prices for (minutes)" hint="Lookups younger than this come from the cache; Refresh stale asks again for older ones." {...error('cacheTtlMinutes')}>
          <Input type="number" min={0} max={1440} step={1} value={form.cacheTtlMinutes} onChange={(_, d) => update({ cacheTtlMinutes: d.value })} />
        </Field>
        <Field label="Overage (%)" hint="Extra parts per BOM line for attrition, added before MOQ, packs and price breaks; 0 for none." {...error('overagePercent')}>
          <Input type="number" min={0} max={100} step={0.5} value={form.overagePercent} onChange={(_, d) => update({ overagePercent: d.value })} />
        </Field>
        <Field label="Overage at least (parts per line)" hint="The smallest overage of a line when there is one; 0 for none." {...error('overageMin')}>
          <Input type="number" min={0} step={1} value={form.overageMin} onChange={(_, d) => update({ overageMin: d.value })} />
        </Field>
      </section>
      <section className={s.section} aria-label="Save and test">
        <div className={s.row}>
          <Button appearance="primary" type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button onClick={() => void test()} disabled={testing}>
            Test connection
          </Button>
          {testing && <Spinner size="tiny" label="Testing…" />}
        </div>
        {saved && (
          <MessageBar intent="success">
            <MessageBarBody>{saved}</MessageBarBody>
          </MessageBar>
        )}
        {Object.keys(errors).length > 0 && (
          <MessageBar intent="error">
            <MessageBarBody>Not saved: {Object.values(errors)[0]}</MessageBarBody>
          </MessageBar>
        )}
        {steps && (
          <ul className={c.steps} aria-label="Connection test results" data-testid="connection-steps">
            {steps.map((step) => (
              <li key={step.id} className={c.step} data-step={step.id} data-state={step.state}>
                <StepIcon state={step.state} />
                <span>
                  <strong>{step.label}</strong>: {STATE_WORDS[step.state]}
                  <span className={c.detail}>{step.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </form>
  );
}
