/**
 * What the shared runtime hands the PARTS functions for one calculation: the one scheduler and the choices of the
 * settings in force. It lives with the runtime that makes it, so addin/ never imports functions/.
 */
import type { ApiVersion } from '../src/catalog/model';
import type { PartLookup } from '../src/lookup';
import type { RateBook } from '../src/pricing/rates';

export interface FunctionsContext {
  lookup: PartLookup;
  /** The currency prices are compared and answered in when the call names none; `''` means USD. */
  currency: string;
  /** Learns rates for offers the service leaves in another currency (shared with the task pane). */
  rates?: RateBook;
  version?: ApiVersion;
  /** Source codes whose offers compete; empty means all. */
  sources: readonly string[];
}
