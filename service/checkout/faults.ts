import { BACK_OFFICE_CODES, type BackOfficeCode } from '../../protocol/checkout';

/**
 * Back-office failures the test environment can simulate. The value names the error code the
 * back-office step answers with; see docs/checkout.md for what each one leaves in the store.
 */
export const BACKOFFICE_FAULTS = BACK_OFFICE_CODES;

export type FaultSwitch = BackOfficeCode;

/**
 * Reads a fault name as given to `partsheet serve --fault` or PARTSHEET_FAULT: the full code, or the
 * code without its `backoffice.` prefix, in any case. Anything else throws with the accepted values.
 */
export function parseFault(text: string): FaultSwitch {
  const wanted = text.trim().toLowerCase();
  const found = BACKOFFICE_FAULTS.find((f) => f === wanted || f === `backoffice.${wanted}`);
  if (!found) {
    throw new Error(`unknown fault '${text.slice(0, 80)}'; use one of ${BACKOFFICE_FAULTS.join(', ')}`);
  }
  return found;
}
