import { Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { PartsheetSettings } from '../../src/settings';
import { localDayOf } from '../../src/plan/days';
import { describeProblem } from '../errors';
import { needByProblem } from '../need-by';
import type { PaneServices } from '../services';

export interface NeedByFieldProps {
  /** The need-by date remembered in the settings ('' for none). */
  needBy: string;
  now: () => Date;
  /** Remembers a new date ('' to clear it); rejects when the settings cannot take it. */
  onChange: (needBy: string) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * The need-by date: a native date field (the browser's own calendar and keyboard), remembered in the settings like
 * the others, checked as `partsheet price --need-by` checks it. A date that cannot be used says why under the field
 * and the next pricing stops with the same words; nothing typed is thrown away.
 */
export function NeedByField({ needBy, now, onChange, disabled }: NeedByFieldProps) {
  const [text, setText] = useState(needBy);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The field follows the remembered date when it changes elsewhere (the settings view, another pane).
  useEffect(() => setText(needBy), [needBy]);
  const problem = saveError ?? needByProblem(text, now());
  return (
    <Field
      label="Need by (optional)"
      validationState={problem ? 'error' : 'none'}
      validationMessage={problem ?? undefined}
      hint={
        problem
          ? undefined
          : 'The plan buys only what arrives by this day, and says when each part comes. Empty: today’s cheapest plan.'
      }
    >
      <Input
        type="date"
        value={text}
        min={localDayOf(now())}
        disabled={disabled}
        data-testid="need-by"
        onChange={(_, data) => {
          setText(data.value);
          setSaveError(null);
          onChange(data.value).catch((e: unknown) => setSaveError(describeProblem(e).text));
        }}
      />
    </Field>
  );
}

/** The need-by field over the pane's settings. */
export function PaneNeedBy({
  services,
  settings,
  disabled,
}: {
  services: Pick<PaneServices, 'settings' | 'now'>;
  settings: PartsheetSettings | null;
  disabled: boolean;
}) {
  return (
    <NeedByField
      needBy={settings?.needBy ?? ''}
      now={() => services.now()}
      disabled={disabled}
      onChange={(needBy) => services.settings.saveSettings({ needBy })}
    />
  );
}
