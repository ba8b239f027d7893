/** The colours of the Status cell, light enough to read black text on. */
export const STATUS_FILLS = {
  notFound: { color: '#F8CBAD', label: 'Not found' },
  outOfStock: { color: '#F4B084', label: 'Out of stock' },
  shortOfNeed: { color: '#FFE699', label: 'Short of need' },
  quoteOnly: { color: '#BDD7EE', label: 'Quote only' },
  ambiguous: { color: '#D9D2E9', label: 'Ambiguous: choose the part' },
  overbuy: { color: '#F8D7E8', label: 'Overbuy: spares cost more than the threshold' },
  stale: { color: '#D9D9D9', label: 'Stale: last values kept, price again' },
} as const;

export type StatusFillKind = keyof typeof STATUS_FILLS;
