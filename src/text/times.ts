/**
 * A moment as the add-in writes it for people, the same in every locale and time zone: `2026-12-02 10:42 UTC`. The
 * PARTS cells' stale words, the pane's lists and the share-safe copy's "Fetched values" sheet all give times so.
 */
export function utcMinute(at: number | Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
