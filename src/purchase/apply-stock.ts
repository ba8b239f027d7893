/**
 * Stock on hand and on order applied to the parts of the list: a stock row applies to a part when its part number
 * was looked up for a BOM line and the same matching chooses that part for it; a row the matching cannot settle
 * (another maker, even when the catalog knows only one; several makers) or that no BOM uses is listed and not
 * applied.
 */
import { type PartChoice, choosePart, makerName, manufacturerMatch } from '../match';
import { partNumberKey as wirePartKey } from '../../protocol/part-number';
import type { MatchedBoms } from './match-boms';
import type { StockEntry, StockNotApplied } from './types';

function addTo(map: Map<number, number>, key: number, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** Why a row the matching did not settle is not applied; null when it chose a part. */
function notChosenText(
  choice: ReturnType<typeof choosePart>,
  entry: StockEntry,
): Omit<StockNotApplied, 'entry' | 'onOrder'> | null {
  if (choice.kind === 'chosen') {
    // A BOM line naming a maker none of the parts has takes the only maker found; a stock row is not applied to
    // it: stock of another maker's part is not stock of this one.
    const part = choice.part;
    if (
      entry.manufacturer === '' ||
      manufacturerMatch(entry.manufacturer, part.manufacturerName, part.manufacturerCode) !== 'none'
    )
      return null;
    return {
      kind: 'unknown',
      text: `manufacturer "${entry.manufacturer}" is not the maker of the part found (${part.partNumber}, ${makerName(part)})`,
    };
  }
  if (choice.kind === 'ambiguous') {
    const makers = [...new Set(choice.parts.map(makerName))];
    return {
      kind: 'ambiguous',
      text: `could be ${choice.parts.length} parts (${makers.slice(0, 4).join(', ')}): give the manufacturer`,
    };
  }
  if (choice.kind === 'no-maker-match')
    return {
      kind: 'unknown',
      text: `manufacturer "${entry.manufacturer}" matches none of the parts found (${[...new Set(choice.parts.map(makerName))].slice(0, 4).join(', ')})`,
    };
  return { kind: 'unknown', text: 'the part number was not found' };
}

/**
 * The quantity of each part (by item id) that `entries` hold; what cannot be applied is added to `notApplied`.
 * Rows asked alike (part number and maker) are matched once.
 */
export function applyStock(
  matched: MatchedBoms,
  entries: readonly StockEntry[],
  onOrder: boolean,
  notApplied: StockNotApplied[],
): Map<number, number> {
  const held = new Map<number, number>();
  const chosen = new Map<string, PartChoice>();
  for (const entry of entries) {
    if (entry.quantity <= 0) continue;
    const key = wirePartKey(entry.partNumber);
    const parts = matched.found.get(key);
    if (parts === undefined) {
      notApplied.push({ entry, kind: 'unused', text: 'no BOM line has this part number', onOrder });
      continue;
    }
    const asked = `${entry.partNumber}\u0000${entry.manufacturer}`;
    let choice = chosen.get(asked);
    if (choice === undefined) {
      choice = choosePart(
        { partNumber: entry.partNumber, manufacturer: entry.manufacturer, distributorPartNumbers: [] },
        parts,
      );
      chosen.set(asked, choice);
    }
    const why = notChosenText(choice, entry);
    if (why !== null) {
      notApplied.push({ entry, ...why, onOrder });
      continue;
    }
    if (choice.kind !== 'chosen') continue;
    if (!matched.accounts.has(choice.part.itemId)) {
      notApplied.push({
        entry,
        kind: 'unused',
        text: `${choice.part.partNumber} (${makerName(choice.part)}) is on no BOM line that was matched`,
        onOrder,
      });
      continue;
    }
    addTo(held, choice.part.itemId, entry.quantity);
  }
  return held;
}
