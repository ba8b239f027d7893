/**
 * When the PARTS values a workbook shows were looked up. Excel keeps a custom function's last value in the saved
 * file and does not recalculate it when the file opens, so a reopened workbook can show prices days old with
 * nothing to say so. The shared runtime notes, in the workbook's document settings, the time of the oldest lookup
 * behind those values: the oldest one since the note was last reset, and "Refresh prices" resets it to the time of
 * the refresh. The task pane reads it when it opens.
 */
import { type DocumentSettingsLike, saveDocumentSetting } from './document-settings';

export const PRICES_AS_OF_KEY = 'partsheet.pricesAsOf';

export interface PricesStamp {
  /** The oldest lookup behind the PARTS values in the workbook; null when none was noted. */
  get(): Date | null;
  /** A lookup made at `at` (ms since the epoch) is behind a value now: keeps the older of it and the note. */
  note(at: number): Promise<void>;
  /** Every PARTS value is being looked up again from `at` on ("Refresh prices"). */
  reset(at: number): Promise<void>;
}

function parse(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? new Date(at) : null;
}

/** The stamp in document settings; `settings` is asked for each time, as office.js may not be ready at first. */
export function documentPricesStamp(settings: () => DocumentSettingsLike | undefined): PricesStamp {
  const write = (at: number) => {
    const s = settings();
    return s
      ? saveDocumentSetting(s, PRICES_AS_OF_KEY, new Date(at).toISOString(), 'the time prices were looked up')
      : Promise.resolve();
  };
  const get = () => parse(settings()?.get(PRICES_AS_OF_KEY));
  return {
    get,
    async note(at) {
      const noted = get();
      if (noted === null || at < noted.getTime()) await write(at);
    },
    reset: (at) => write(at),
  };
}

/** A stamp kept in memory, for a page outside Excel. */
export function memoryPricesStamp(): PricesStamp {
  let noted: number | null = null;
  return {
    get: () => (noted === null ? null : new Date(noted)),
    note: async (at) => {
      if (noted === null || at < noted) noted = at;
    },
    reset: async (at) => {
      noted = at;
    },
  };
}
