/**
 * A part's lifecycle as the service gives it (`status`, v4 only): "Active" for live parts, NRND, Obsolete…, or ''
 * when not given (v3 answers, and some v4 ones).
 */

/** The lifecycle is given and is not Active: a buyer should hear of it. */
export function isNotActive(status: string | null | undefined): boolean {
  const s = (status ?? '').trim();
  return s !== '' && !/^active$/i.test(s);
}
