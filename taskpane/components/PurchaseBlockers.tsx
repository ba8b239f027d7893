import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { LightbulbRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { PurchaseBlocker, PurchaseResult } from '../../src/purchase';
import type { Suggestion } from '../../src/suggest';
import { SuggestionCard } from './SuggestionCard';
import type { PrefixSearch } from '../candidate-search';
import { BlockerSuggestions, blockerKey } from '../purchase/blocker-suggestions';
import { groupedCount } from '../../src/text/plural';
import { useSeveralBomsStyles } from './several-boms-styles';
import { useSectionStyles } from './styles';
import { plural } from '../../src/text/plural';

const useStyles = makeStyles({
  blocker: {
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteRedBorder2}`,
  },
  differs: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** "ABC-1 (Maker)": the part a blocker names. */
function partName(b: PurchaseBlocker): string {
  if (b.kind === 'short') return `${b.partNumber}${b.manufacturer ? ` (${b.manufacturer})` : ''}`;
  return b.partNumber !== '' ? b.partNumber : 'A line with no part number';
}

/** Where a BOM line is: "row 12" of its sheet. */
export type LineWhere = (bom: number, row: number) => string;

/** What is wrong: short everywhere, or not on the list (and where the line is). */
function whatText(result: PurchaseResult, b: PurchaseBlocker, where: LineWhere): string {
  if (b.kind === 'short') return `${groupedCount(b.missing)} short at every offer`;
  const line = result.unlisted[b.line];
  const at = line ? ` (${result.boms[line.bom]?.name ?? ''} ${where(line.bom, line.row)})` : '';
  return `${b.status}${at}: not on the list, nobody buys it`;
}

/** What a candidate is for: the line's row, or the part in the BOMs it blocks ("X-1 in Board A, Board B"). */
function forWhat(result: PurchaseResult, b: PurchaseBlocker, where: LineWhere): string {
  if (b.kind === 'unlisted') {
    const line = result.unlisted[b.line];
    return line ? `${result.boms[line.bom]?.name ?? ''} ${where(line.bom, line.row)}`.trim() : b.partNumber;
  }
  return `${b.partNumber} in ${b.boms.map((i) => result.boms[i]?.name ?? '').join(', ')}`;
}

/** Per BOM it blocks: what that BOM can build after this purchase. */
function blocksText(result: PurchaseResult, b: PurchaseBlocker): string {
  return b.boms
    .map((i) => {
      const bom = result.boms[i];
      return bom
        ? `${bom.name} (${groupedCount(bom.buildableAfterPurchase.builds)} of ${groupedCount(bom.builds)} builds)`
        : '';
    })
    .filter((t) => t !== '')
    .join(', ');
}

/** The candidates found for the open blocker, or that none were, or why the search failed. */
function Candidates({
  store,
  blocker,
  lineName,
  busy,
  onUse,
}: {
  store: BlockerSuggestions;
  blocker: PurchaseBlocker;
  /** What a candidate is for: "row 12" of a line, or the part in the BOMs it blocks. */
  lineName: string;
  busy: boolean;
  onUse: ((blocker: PurchaseBlocker, candidate: Suggestion) => void) | undefined;
}) {
  const s = useSectionStyles();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const name = partName(blocker);
  if (state.status === 'loading') return <Spinner size="tiny" label={`Looking for parts in place of ${name}…`} />;
  if (state.status === 'failed')
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>No suggestions: {state.error}</MessageBarBody>
      </MessageBar>
    );
  const found = state.found?.candidates ?? [];
  if (found.length === 0)
    return (
      <p className={s.small} role="status" data-testid="blocker-no-candidates">
        No candidate of the same value found for {name}. Search the catalog for it in the BOM view (the line's Search),
        or ask the maker.
      </p>
    );
  return (
    <>
      <p className={s.small} role="status">
        {found.length} {plural(found.length, 'candidate')} for {name}, best first.{' '}
        {onUse
          ? 'Use writes one in the BOM (its Replacement MPN column) and makes the list again.'
          : 'To buy one, put it in the BOM (its Replacement MPN column) and make the list again.'}
      </p>
      <ul className={s.stack} aria-label={`Suggestions for ${name}`} data-testid="blocker-candidates">
        {found.map((cand) => (
          <SuggestionCard
            key={cand.itemId}
            s={cand}
            line={state.found!}
            row={state.found!.row}
            lineName={lineName}
            need={state.need}
            used={false}
            busy={busy || !onUse}
            onUse={() => onUse?.(blocker, cand)}
            // The list made again says what was done, and the focus goes to that note.
            returnFocus={false}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * What the list cannot buy, said first: each part short at every offer and each line not on the list, the BOMs it
 * leaves short with what they can build after this purchase, and the suggestions for it one click away.
 */
export function PurchaseBlockers({
  result,
  blockers,
  search,
  busy,
  where,
  onUse,
}: {
  result: PurchaseResult;
  /** What the list cannot buy (src/workflows/purchase-list.ts), in its order. */
  blockers: readonly PurchaseBlocker[];
  search: PrefixSearch | undefined;
  busy: boolean;
  where: LineWhere;
  /** Uses a candidate: written in the BOMs the blocker blocks, the list made again; none offered without it. */
  onUse?: (blocker: PurchaseBlocker, candidate: Suggestion) => void;
}) {
  const s = useSectionStyles();
  const c = useSeveralBomsStyles();
  const own = useStyles();
  const store = useMemo(() => (search ? new BlockerSuggestions(search) : null), [search]);
  const state = useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    store?.getState ?? noState,
    store?.getState ?? noState,
  );
  // A new list closes what was open for the last one.
  const last = useRef(result);
  useEffect(() => {
    if (last.current !== result) store?.close();
    last.current = result;
  }, [result, store]);
  if (blockers.length === 0) return null;
  return (
    <div role="group" aria-labelledby="purchase-blockers-heading" data-testid="purchase-blockers">
      <h3 id="purchase-blockers-heading" className={s.heading}>
        Cannot be bought ({blockers.length})
      </h3>
      <ul className={s.stack}>
        {blockers.map((b) => {
          const key = blockerKey(b);
          const name = partName(b);
          const open = state?.open === key;
          return (
            <li key={key} className={`${c.card} ${own.blocker}`} data-blocker={key} data-kind={b.kind}>
              <p className={c.cardTitle}>
                {name}: {whatText(result, b, where)}
              </p>
              <p className={s.small}>Blocks {blocksText(result, b)} after this purchase.</p>
              {store && b.partNumber !== '' && (
                <div className={s.row}>
                  <Button
                    size="small"
                    icon={<LightbulbRegular />}
                    disabled={busy}
                    aria-expanded={open}
                    onClick={() => (open ? store.close() : void store.show(result, b))}
                  >
                    {open ? 'Hide suggestions' : `Suggestions for ${b.partNumber}`}
                  </Button>
                </div>
              )}
              {store && open && (
                <Candidates store={store} blocker={b} lineName={forWhat(result, b, where)} busy={busy} onUse={onUse} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const noSubscribe = () => () => undefined;
const noState = () => null;
