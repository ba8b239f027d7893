import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { LightbulbRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { type PurchaseBlocker, type PurchaseResult, purchaseBlockers } from '../../src/purchase';
import { FIT_WORDS } from '../../src/suggest';
import type { Suggestion } from '../../src/suggest';
import { BlockerSuggestions, type PrefixSearch, blockerKey } from '../purchase/blocker-suggestions';
import { count, priceText, stockText } from './figures';
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
  if (b.kind === 'short') return `${count(b.missing)} short at every offer`;
  const line = result.unlisted[b.line];
  const at = line ? ` (${result.boms[line.bom]?.name ?? ''} ${where(line.bom, line.row)})` : '';
  return `${b.status}${at}: not on the list, nobody buys it`;
}

/** Per BOM it blocks: what that BOM can build after this purchase. */
function blocksText(result: PurchaseResult, b: PurchaseBlocker): string {
  return b.boms
    .map((i) => {
      const bom = result.boms[i];
      return bom ? `${bom.name} (${count(bom.buildableAfterPurchase.builds)} of ${count(bom.builds)} builds)` : '';
    })
    .filter((t) => t !== '')
    .join(', ');
}

/** One candidate for a blocker: what it is, how far it is known to fit, its stock and price at the need. */
function Candidate({ s, need }: { s: Suggestion; need: number }) {
  const c = useSeveralBomsStyles();
  const own = useStyles();
  const sec = useSectionStyles();
  return (
    <li className={c.card} data-candidate={s.partNumber} data-fit={s.fit}>
      <p className={c.cardTitle}>
        {s.partNumber}
        {s.manufacturer ? ` — ${s.manufacturer}` : ''}
      </p>
      <p className={s.fit === 'same' ? sec.small : `${sec.small} ${own.differs}`}>
        {FIT_WORDS[s.fit]}
        {s.differences.length > 0 ? `; differs: ${s.differences.join('; ')}` : ''}
      </p>
      <p className={sec.small}>
        {stockText(s.quote)} · for {count(need)}: {priceText(s.quote)}
      </p>
    </li>
  );
}

/** The candidates found for the open blocker, or that none were, or why the search failed. */
function Candidates({ store, blocker }: { store: BlockerSuggestions; blocker: PurchaseBlocker }) {
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
        {found.length} {plural(found.length, 'candidate')} for {name}, best first. To buy one, put it in the BOM (its
        Replacement MPN column) and make the list again.
      </p>
      <ul className={s.stack} aria-label={`Suggestions for ${name}`} data-testid="blocker-candidates">
        {found.map((cand) => (
          <Candidate key={cand.itemId} s={cand} need={state.need} />
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
  search,
  busy,
  where,
}: {
  result: PurchaseResult;
  search: PrefixSearch | undefined;
  busy: boolean;
  where: LineWhere;
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
  const blockers = purchaseBlockers(result);
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
              {store && open && <Candidates store={store} blocker={b} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const noSubscribe = () => () => undefined;
const noState = () => null;
