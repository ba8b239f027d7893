import { Field, Select } from '@fluentui/react-components';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSelectStyles } from './styles';

/** Keys that move a closed drop-down's choice without opening it. */
const MOVING_KEYS = /^(?:Arrow(?:Up|Down|Left|Right)|PageUp|PageDown|Home|End)$/;

export interface ChoiceSelectProps {
  id?: string;
  label: string;
  /** Said under the field when no choice waits for Enter. */
  hint?: string;
  /** Each option: its value and the words shown. */
  options: ReadonlyArray<{ value: number; text: string }>;
  chosen: number;
  busy: boolean;
  /** Runs the choice (a pricing, a sheet written again): called once per deliberate choice, never for a passing one. */
  onChoose: (value: number) => void;
}

/**
 * A drop-down whose choice costs work (a pricing, a sheet written again), so it is made on purpose: a click in the list
 * chooses, but arrow keys on the closed drop-down only move to an option, which Enter then chooses (Escape or leaving
 * the field keeps the choice as it was). While the work runs the drop-down is disabled and the browser drops its
 * focus; when the work ends the focus comes back here, where the user acted, not to the results.
 */
export function ChoiceSelect({ id, label, hint, options, chosen, busy, onChoose }: ChoiceSelectProps) {
  const sel = useSelectStyles();
  const [pending, setPending] = useState<number | null>(null);
  const keyed = useRef(false);
  const refocus = useRef(false);
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    ref.current?.focus();
  }, [busy]);
  const choose = (value: number) => {
    setPending(null);
    if (value === chosen) return;
    refocus.current = true;
    onChoose(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key === 'Enter' && pending !== null) {
      e.preventDefault();
      choose(pending);
    } else if (e.key === 'Escape' && pending !== null) {
      e.preventDefault();
      setPending(null);
    } else keyed.current = MOVING_KEYS.test(e.key) || (e.key.length === 1 && e.key !== ' ');
  };
  const waiting = pending === null ? undefined : options.find((o) => o.value === pending);
  return (
    <Field label={label} hint={waiting ? `Press Enter to use ${waiting.text}; Escape keeps the choice.` : hint}>
      <Select
        id={id}
        ref={ref}
        className={sel.root}
        select={{ className: sel.select }}
        value={String(pending ?? chosen)}
        disabled={busy}
        onKeyDown={onKeyDown}
        onPointerDown={() => (keyed.current = false)}
        onBlur={() => setPending(null)}
        onChange={(_, data) => {
          const value = Number(data.value);
          if (keyed.current) {
            keyed.current = false;
            setPending(value === chosen ? null : value);
          } else choose(value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.text}
          </option>
        ))}
      </Select>
    </Field>
  );
}
