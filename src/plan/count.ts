/** A whole count with thousands separators, as en-US writes it ("22,400"): the plan writes several per part. */
export { groupedCount as count } from '../text/plural';
