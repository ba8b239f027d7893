import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  ErrorCircleRegular,
  SubtractCircleRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { type AlternatesSetting, ENVIRONMENTS, type Environment, type PartsheetSettings } from '../../src/settings';
import type { ConnectionStep } from '../connection';
import { SettingsController, type SettingsForm, type SettingsServices } from '../settings/controller';
import { useSectionStyles, useSelectStyles } from './styles';

export interface SettingsViewProps {
  services: SettingsServices;
}

const ENVIRONMENT_LABELS: Record<Environment, string> = {
  local: 'Local demo (this computer)',
  test: 'Test environment',
  production: 'Production',
};

/** The trust caveat of JSONP, shown beside the switch and repeated in docs/direct-mode.md. */
export const JSONP_CAVEAT =
  "The service's answer runs as script inside the add-in, with the add-in's rights: turn this on only for a parts service host you trust. Searches only — ordering still needs the Partsheet gateway or a service that sends CORS headers.";

const useStyles = makeStyles({
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

/** The choices of the approved-alternates setting, as the buyer reads them. */
export const ALTERNATES_LABELS: Record<AlternatesSetting, string> = {
  unavailable: 'When the primary cannot be bought',
  cheaper: 'Whenever cheaper',
};

const STATE_WORDS: Record<ConnectionStep['state'], string> = {
  ok: 'works',
  failed: 'failed',
  warning: 'check',
  skipped: 'not checked',
};

function StepIcon({ state }: { state: ConnectionStep['state'] }) {
  const c = useStyles();
  if (state === 'ok') return <CheckmarkCircleRegular className={c.ok} aria-hidden="true" fontSize={20} />;
  if (state === 'failed') return <ErrorCircleRegular className={c.failed} aria-hidden="true" fontSize={20} />;
  if (state === 'warning') return <WarningRegular className={c.warning} aria-hidden="true" fontSize={20} />;
  return <SubtractCircleRegular className={c.skipped} aria-hidden="true" fontSize={20} />;
}

/** How a field shows its error: the props a Field takes when `field` did not validate. */
type FieldError = (field: keyof PartsheetSettings) => { validationState?: 'error'; validationMessage?: string };

interface FieldsProps {
  form: SettingsForm;
  controller: SettingsController;
  error: FieldError;
}

/** Until Office's storage answers there is nothing to show or save. */
function SettingsLoading() {
  const s = useSectionStyles();
  // Until Office's storage answers there is nothing to show or save: saving now would replace the stored login,
  // API key and addresses with defaults.
  return (
    <section className={s.section} aria-busy="true" aria-labelledby="settings-loading">
      <Spinner size="small" id="settings-loading" label="Loading settings…" />
      <p className={s.text}>
        Office has not handed over the saved settings yet. They appear here as soon as it does; PARTS functions
        recalculate with them.
      </p>
      <div className={s.row}>
        <Button appearance="primary" disabled>
          Save
        </Button>
      </div>
    </section>
  );
}

/** Where the parts service and checkout are, and the credentials for them. */
function ConnectionFields({ form, controller, error }: FieldsProps) {
  const s = useSectionStyles();
  const sel = useSelectStyles();
  const { update } = controller;
  const production = form.environment === 'production';
  return (
    <section className={s.section}>
      <h2 id="settings-heading" className={s.heading}>
        Connection
      </h2>
      <Field label="Environment" hint="Test and local demo come with demo credentials.">
        <Select
          className={sel.root}
          select={{ className: sel.select }}
          value={form.environment}
          onChange={(_, d) => controller.changeEnvironment(d.value as Environment)}
        >
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
        <Input
          value={form.itemBaseUrl}
          placeholder={production ? 'https://parts.example.com' : "(this add-in's server)"}
          onChange={(_, d) => update({ itemBaseUrl: d.value })}
        />
      </Field>
      <Field label="Checkout address" hint="Used when ordering; same forms as above." {...error('checkoutBaseUrl')}>
        <Input
          value={form.checkoutBaseUrl}
          placeholder={production ? '(none)' : "(this add-in's server)"}
          onChange={(_, d) => update({ checkoutBaseUrl: d.value })}
        />
      </Field>
      <Field
        label="Test checkout address"
        hint="Where orders in the test environment go, whichever parts service prices them; empty means the test environment's usual address."
        {...error('testCheckoutBaseUrl')}
      >
        <Input
          value={form.testCheckoutBaseUrl}
          placeholder="(default)"
          onChange={(_, d) => update({ testCheckoutBaseUrl: d.value })}
        />
      </Field>
      <Field label="Login" {...error('login')}>
        <Input value={form.login} autoComplete="username" onChange={(_, d) => update({ login: d.value })} />
      </Field>
      <Field
        label="API key"
        hint="Kept in the add-in's storage on this computer, never in the workbook."
        {...error('apiKey')}
      >
        <Input
          type="password"
          value={form.apiKey}
          autoComplete="current-password"
          onChange={(_, d) => update({ apiKey: d.value })}
        />
      </Field>
      <Field
        label="Gateway token"
        hint="Only when whoever runs your Partsheet gateway gave you one. Kept beside the API key on this computer, not in the workbook; never shown."
        {...error('gatewayToken')}
      >
        <Input
          type="password"
          value={form.gatewayToken}
          autoComplete="off"
          onChange={(_, d) => update({ gatewayToken: d.value })}
        />
      </Field>
      <Field label="Searches by JSONP" hint={JSONP_CAVEAT} {...error('jsonpSearches')}>
        <Switch
          checked={form.jsonpSearches}
          label={form.jsonpSearches ? 'On: list searches load as script (callbackfn)' : 'Off: searches use fetch'}
          onChange={(_, d) => update({ jsonpSearches: d.checked })}
        />
      </Field>
    </section>
  );
}

/** Spares: the overage added to each line, and when spares make a line an overbuy. */
function SparesFields({ form, controller, error }: FieldsProps) {
  const { update } = controller;
  return (
    <>
      <Field
        label="Overage (%)"
        hint="Extra parts per BOM line for attrition, added before MOQ, packs and price breaks; 0 for none."
        {...error('overagePercent')}
      >
        <Input
          type="number"
          min={0}
          max={100}
          step={0.5}
          value={form.overagePercent}
          onChange={(_, d) => update({ overagePercent: d.value })}
        />
      </Field>
      <Field
        label="Overage at least (parts per line)"
        hint="The smallest overage of a line when there is one; 0 for none."
        {...error('overageMin')}
      >
        <Input
          type="number"
          min={0}
          step={1}
          value={form.overageMin}
          onChange={(_, d) => update({ overageMin: d.value })}
        />
      </Field>
      <Field
        label="Overbuy when spares are over (% of the line)"
        hint="A line whose spares cost more than this share of its cost, and more than the amount below, is marked overbuy and asked about before ordering."
        {...error('overbuySharePercent')}
      >
        <Input
          type="number"
          min={0}
          max={100}
          step="any"
          value={form.overbuySharePercent}
          onChange={(_, d) => update({ overbuySharePercent: d.value })}
        />
      </Field>
      <Field
        label="…and over (amount in your currency)"
        hint="Spares worth less never make an overbuy."
        {...error('overbuyMinAmount')}
      >
        <Input
          type="number"
          min={0}
          step="any"
          value={form.overbuyMinAmount}
          onChange={(_, d) => update({ overbuyMinAmount: d.value })}
        />
      </Field>
    </>
  );
}

/** How lines are priced: currency, API version, sources, cache time, overage, overbuy and alternates. */
function PricingFields({ form, controller, error }: FieldsProps) {
  const s = useSectionStyles();
  const sel = useSelectStyles();
  const { update } = controller;
  return (
    <section className={s.section} aria-labelledby="pricing-settings-heading">
      <h2 id="pricing-settings-heading" className={s.heading}>
        Pricing
      </h2>
      <Field
        label="Currency"
        hint="Three letters, such as USD or EUR; empty means USD. Offers in other currencies compete after conversion at the service's own rate."
        {...error('currency')}
      >
        <Input
          value={form.currency}
          maxLength={3}
          placeholder="USD"
          onChange={(_, d) => update({ currency: d.value.toUpperCase() })}
        />
      </Field>
      <Field label="API version">
        <Select
          className={sel.root}
          select={{ className: sel.select }}
          value={form.apiVersion}
          onChange={(_, d) => update({ apiVersion: d.value as 'v3' | 'v4' })}
        >
          <option value="v4">v4 (current)</option>
          <option value="v3">v3</option>
        </Select>
      </Field>
      <Field
        label="Sources to use"
        hint="Source codes separated by commas, such as MARKETPLACE, ACNA; empty uses every source."
        {...error('sources')}
      >
        <Input value={form.sources} onChange={(_, d) => update({ sources: d.value })} />
      </Field>
      <Field
        label="Keep prices for (minutes)"
        hint="Lookups younger than this come from the cache; Refresh stale asks again for older ones."
        {...error('cacheTtlMinutes')}
      >
        <Input
          type="number"
          min={0}
          max={1440}
          step={1}
          value={form.cacheTtlMinutes}
          onChange={(_, d) => update({ cacheTtlMinutes: d.value })}
        />
      </Field>
      <SparesFields form={form} controller={controller} error={error} />
      <Field
        label="Buy approved alternates"
        hint="Second sources the BOM gives (columns such as MPN2 or Alt MPN): bought instead of the line's part when it is not found, not Active or short, or also whenever one costs less for the line's need."
        {...error('alternatesUse')}
      >
        <Select
          className={sel.root}
          select={{ className: sel.select }}
          value={form.alternatesUse}
          onChange={(_, d) => update({ alternatesUse: d.value as AlternatesSetting })}
        >
          {(Object.keys(ALTERNATES_LABELS) as AlternatesSetting[]).map((use) => (
            <option key={use} value={use}>
              {ALTERNATES_LABELS[use]}
            </option>
          ))}
        </Select>
      </Field>
    </section>
  );
}

/** The results of "Test connection", one step a line. */
function ConnectionSteps({ steps }: { steps: readonly ConnectionStep[] }) {
  const s = useSectionStyles();
  const c = useStyles();
  return (
    <ul className={s.stack} aria-label="Connection test results" data-testid="connection-steps">
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
  );
}

/**
 * The connection and pricing settings. The login and API key are stored by the shared runtime in the add-in's own
 * storage (OfficeRuntime.storage) on this computer, never in the workbook.
 */
export function SettingsView({ services }: SettingsViewProps) {
  const s = useSectionStyles();
  const controller = useMemo(() => new SettingsController(services), [services]);
  useEffect(() => controller.start(), [controller]);
  const { form, loadError, errors, saving, saved, testing, steps } = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );

  if (loadError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>The settings could not be read: {loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!form) return <SettingsLoading />;

  const error = (field: keyof PartsheetSettings) =>
    errors[field] ? { validationState: 'error' as const, validationMessage: errors[field] } : {};

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void controller.save();
      }}
      aria-labelledby="settings-heading"
    >
      <ConnectionFields form={form} controller={controller} error={error} />
      <PricingFields form={form} controller={controller} error={error} />
      <section className={s.section} aria-label="Save and test">
        <div className={s.row}>
          <Button appearance="primary" type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button onClick={() => void controller.test()} disabled={testing}>
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
        {steps && <ConnectionSteps steps={steps} />}
      </section>
    </form>
  );
}
