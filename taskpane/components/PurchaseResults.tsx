import { Button } from '@fluentui/react-components';
import { CartRegular } from '@fluentui/react-icons';
import { formatMoney } from '../../src/pricing/money';
import {
  BUILDABLE_COUNTS,
  buildableText,
  type Buildable,
  type PurchaseBlocker,
  type PurchaseResult,
} from '../../src/purchase';
import { costPercent } from '../../src/purchase/list-layout';
import { parseAddress } from '../../src/excel/address';
import type { PurchaseViewState } from '../purchase/controller';
import { ScenarioComparison } from './PurchaseScenarios';
import { useSeveralBomsStyles as useStyles } from './several-boms-styles';
import { BomDatesFigures } from './BomDatesFigures';
import { useSectionStyles } from './styles';
import { countOf, groupedCount } from '../../src/text/plural';
import type { Suggestion } from '../../src/suggest';
import { Fragment, useEffect, useRef } from 'react';
import type { PrefixSearch } from '../candidate-search';
import { PurchaseBlockers } from './PurchaseBlockers';
import { PriceOfTime } from './BuildDates';
import { needByWords } from '../../src/plan/schedule-words';
import { needByChanged, needByChangedWords } from '../need-by';

/** Two buildable counts that say the same (then "With orders" is not said again). */
function sameBuildable(a: Buildable, b: Buildable): boolean {
  return a.builds === b.builds && a.limitedBy === b.limitedBy;
}

/** The suggestion used from the list: once the list is made again, the focus is on it, where the buyer acted. */
function UsedNote({ text, state, busy }: { text: string; state: PurchaseViewState; busy: boolean }) {
  const s = useSectionStyles();
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!busy) note.current?.focus();
  }, [text, state.run, busy]);
  return (
    <p className={s.text} role="status" tabIndex={-1} ref={note} data-testid="purchase-used">
      {text}
    </p>
  );
}

/** Each BOM's card: its cost share, its parts, what it can build (now, with orders where it differs, after this
 * purchase) and its dates. */
function BomCards({ result }: { result: PurchaseResult }) {
  const s = useSectionStyles();
  const c = useStyles();
  const money = (n: number) => formatMoney(n, result.currency);
  return (
    <ul className={s.stack} aria-label="Per BOM">
      {result.boms.map((bom) => {
        const percent = costPercent(bom, result);
        return (
          <li key={bom.name} className={c.card} data-testid="bom-summary">
            <p className={c.cardTitle}>
              {bom.name} × {groupedCount(bom.builds)}
            </p>
            <dl className={c.figures}>
              <dt>Cost share</dt>
              <dd>
                {money(bom.cost)}
                {percent === null ? '' : ` (${percent} %)`}
              </dd>
              <dt>Parts</dt>
              <dd>
                {groupedCount(bom.parts)}
                {bom.sharedParts > 0 ? `, ${groupedCount(bom.sharedParts)} shared` : ''}
                {bom.unlistedLines > 0 ? `; ${countOf(bom.unlistedLines, 'line')} not on the list` : ''}
              </dd>
              {BUILDABLE_COUNTS.map((b) =>
                // "With orders" is said only where it says something "Buildable now" does not.
                b.key === 'buildableWithOrders' && sameBuildable(bom[b.key], bom.buildableOnHand) ? null : (
                  <Fragment key={b.key}>
                    <dt>{b.term}</dt>
                    <dd data-testid={b.key === 'buildableAfterPurchase' ? 'buildable-after' : undefined}>
                      {buildableText(bom[b.key], bom.builds)}
                    </dd>
                  </Fragment>
                ),
              )}
              {bom.dates && <BomDatesFigures dates={bom.dates} builds={bom.builds} />}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * With a need-by date, what it comes to for everything the list buys: the parts late, and the price of time (the
 * list's schedule, as the BOM view's dates say it); and, whatever the list was made for, a need-by date set since.
 */
function ListNeedBy({ result, needByNow }: { result: PurchaseResult; needByNow: string }) {
  const s = useSectionStyles();
  const schedule = result.schedule;
  const changed = needByChanged(schedule, needByNow);
  return (
    <>
      {changed && (
        <p className={s.text} role="status" data-testid="purchase-need-by-changed">
          {needByChangedWords(changed)} Make purchase list again to plan for it.
        </p>
      )}
      {schedule && schedule.needBy !== null && (
        <>
          <p className={s.text} data-testid="purchase-need-by">
            Need by {schedule.needBy}: {needByWords(schedule)}.
          </p>
          <PriceOfTime schedule={schedule} currency={result.currency} testId="purchase-price-of-time" />
        </>
      )}
    </>
  );
}

/**
 * The purchase list made: where it was written, what it cannot buy (first), its total, each BOM's share and buildable
 * counts (now, with orders when they differ, after this purchase) and dates, with a need-by date the price of time,
 * the scenarios, and its notes.
 */
export function PurchaseResults({
  state,
  onOrder,
  busy,
  search,
  onUse,
  needByNow,
}: {
  state: PurchaseViewState;
  onOrder: () => void | Promise<void>;
  busy: boolean;
  /** The prefix search suggestions for what cannot be bought are found with; none offered without it. */
  search?: PrefixSearch;
  /** Uses a suggestion for what the list cannot buy (the list is then made again). */
  onUse?: (blocker: PurchaseBlocker, candidate: Suggestion) => void;
  /** The need-by date set now ('' for none): said when the list was made for another. */
  needByNow: string;
}) {
  const s = useSectionStyles();
  const run = state.run!;
  const { result, written, notes, blockers } = run;
  const toBuy = result.rows.filter((r) => r.purchases.length > 0).length;
  // Lines not on the list that block a BOM are said first, with the parts short everywhere; the others stay notes.
  const blocking = new Set(blockers.flatMap((b) => (b.kind === 'unlisted' ? [b.line] : [])));
  const short = result.rows.filter((r) => r.status === 'short' && r.shortfall > 0).length;
  const money = (n: number) => formatMoney(n, result.currency);
  // A line's row in its sheet, from the BOM's range as it was kept.
  const sheetRow = (bom: number, row: number): string => {
    const kept = state.setup.boms.find((b) => b.name === result.boms[bom]?.name);
    try {
      return kept ? `row ${parseAddress(kept.address).row + row + 1}` : `line ${row + 1}`;
    } catch {
      return `line ${row + 1}`;
    }
  };
  return (
    <>
      <p className={s.text} data-testid="purchase-written" role="status">
        {written.address ? (
          <>
            Written to <strong>{written.address}</strong>.
          </>
        ) : (
          'The Purchase list sheet was not written: you chose not to write over that sheet.'
        )}
      </p>
      {state.used && <UsedNote text={state.used} state={state} busy={busy} />}
      <PurchaseBlockers
        result={result}
        blockers={blockers}
        search={search}
        busy={busy}
        where={sheetRow}
        onUse={onUse}
      />
      <p className={s.text} data-testid="purchase-total">
        {countOf(result.rows.length, 'part')}, {groupedCount(toBuy)} to buy: <strong>{money(result.total)}</strong>
        {short > 0 ? `; ${groupedCount(short)} short at every offer` : ''}
      </p>
      <ListNeedBy result={result} needByNow={needByNow} />
      <BomCards result={result} />
      {run.scenarios && <ScenarioComparison scenarios={run.scenarios} />}
      {(notes.length > 0 || result.unlisted.length > blocking.size || result.notApplied.length > 0) && (
        <ul className={s.list} aria-label="Purchase list notes">
          {notes.map((n, i) => (
            <li key={`n${i}`}>{n}</li>
          ))}
          {result.unlisted.map((u, i) =>
            blocking.has(i) ? null : (
              <li key={`u${i}`}>
                {result.boms[u.bom]?.name ?? ''} {sheetRow(u.bom, u.row)}
                {u.partNumber ? ` (${u.partNumber})` : ''}: {u.status}
                {u.reason ? `, ${u.reason}` : ''}: not on the list
              </li>
            ),
          )}
          {result.notApplied.map((n, i) => (
            <li key={`s${i}`}>
              {n.entry.origin}: {n.text}
            </li>
          ))}
        </ul>
      )}
      {written.address && toBuy > 0 && (
        <div className={s.row}>
          <Button icon={<CartRegular />} disabled={busy} onClick={() => void onOrder()}>
            Order from the purchase list
          </Button>
        </div>
      )}
    </>
  );
}
