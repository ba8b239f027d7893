import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { isNotActive } from '../../src/catalog/lifecycle';
import { problemsOf } from '../../src/suggest';
import type { Offer, Part } from '../../src/catalog/model';
import type { PricedBomLine } from '../../src/purchase/price-lines';
import type { PlanOptions } from '../../src/plan/plan';
import type { QuotedPart } from '../../src/workflows/quotes';
import { OffersTable } from './OffersTable';
import { ReplacementSearch } from './ReplacementSearch';
import { useSectionStyles } from './styles';
import { groupedCount } from '../../src/text/plural';

/** The groups of lines a count in the Summary opens. */
export type RowKind = 'priced' | 'short' | 'notFound' | 'ambiguous' | 'noPrice' | 'skipped' | 'notActive' | 'stale';

/** Each count of the Summary: its label, its rows, and what its list says when it has none (a sentence, not "No not found rows"). */
export const ROW_KINDS: ReadonlyArray<{
  kind: RowKind;
  label: string;
  none: string;
  has: (line: PricedBomLine) => boolean;
}> = [
  { kind: 'priced', label: 'Priced', none: 'No row is priced yet.', has: (l) => l.status === 'priced' },
  { kind: 'short', label: 'Short of stock', none: 'No row is short of stock.', has: (l) => l.status === 'short' },
  { kind: 'notFound', label: 'Not found', none: 'Every part was found.', has: (l) => l.status === 'not found' },
  {
    kind: 'ambiguous',
    label: 'Ambiguous',
    none: 'No row needs a choice of part.',
    has: (l) => l.status === 'ambiguous',
  },
  { kind: 'noPrice', label: 'No price', none: 'Every part found has a price.', has: (l) => l.status === 'no price' },
  { kind: 'skipped', label: 'Skipped', none: 'No row was skipped.', has: (l) => l.status === 'skipped' },
  {
    kind: 'notActive',
    label: 'Part not Active',
    none: 'Every part found is Active.',
    has: (l) => l.status !== 'skipped' && isNotActive(l.lifecycle),
  },
  { kind: 'stale', label: 'Stale', none: 'No row is stale.', has: (l) => !!l.stale },
];

export interface ProblemRowsProps {
  kind: RowKind;
  lines: readonly PricedBomLine[];
  firstRowNumber: number;
  plan: PlanOptions;
  busy: boolean;
  /** The offer a line pins ('' when none), as the BOM gives it. */
  pinnedOf: (line: PricedBomLine) => string;
  /** What the BOM's description column says of a line ('' when none). */
  describedAs: (line: PricedBomLine) => string;
  onSelect: (line: PricedBomLine) => void;
  onSearch: (token: string, need: number, signal: AbortSignal) => Promise<QuotedPart[]>;
  onReplace: (line: PricedBomLine, part: Part) => void;
  onPin: (line: PricedBomLine, offer: Offer | null, effect?: string) => void;
  /** Opens the Suggestions view for a line with a problem (not found, not Active, short, overbuy). */
  onSuggest?: (line: PricedBomLine) => void;
}

const MAX_ROWS_SHOWN = 200;

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    minWidth: 0,
  },
  rowButton: {
    justifyContent: 'flex-start',
    textAlign: 'left',
    minWidth: 0,
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    fontWeight: tokens.fontWeightSemibold,
  },
  actions: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
});

function reasonOf(line: PricedBomLine): string {
  if (line.stale) return `stale: ${line.stale}`;
  return line.statusReason || line.status;
}

function ProblemRow({
  line,
  row,
  partNeed,
  ...p
}: Omit<ProblemRowsProps, 'kind' | 'lines' | 'firstRowNumber'> & {
  line: PricedBomLine;
  row: number;
  partNeed: number;
}) {
  const s = useSectionStyles();
  const c = useStyles();
  const [open, setOpen] = useState<'search' | 'offers' | null>(null);
  const toggle = (what: 'search' | 'offers') => setOpen(open === what ? null : what);
  // A part that is not Active is to be replaced too: its Status says so, so the search is offered.
  const canSearch =
    line.status === 'not found' ||
    line.replacement !== '' ||
    (line.status !== 'skipped' && isNotActive(line.lifecycle));
  const name = line.partNumber || '(no part number)';
  return (
    <li className={c.item} data-row={row}>
      <Button
        appearance="transparent"
        size="small"
        className={c.rowButton}
        onClick={() => p.onSelect(line)}
        title={`Select row ${row} in the sheet`}
      >
        Row {row}: {name}
        {line.replacement ? ` → ${line.replacement}` : ''}
      </Button>
      <span className={s.small}>{reasonOf(line)}</span>
      {(canSearch || line.part) && (
        <div className={c.actions}>
          {canSearch && (
            <Button
              size="small"
              appearance="subtle"
              icon={open === 'search' ? <ChevronDownRegular /> : <ChevronRightRegular />}
              aria-expanded={open === 'search'}
              onClick={() => toggle('search')}
            >
              Find a replacement
            </Button>
          )}
          {line.part && (
            <Button
              size="small"
              appearance="subtle"
              icon={open === 'offers' ? <ChevronDownRegular /> : <ChevronRightRegular />}
              aria-expanded={open === 'offers'}
              onClick={() => toggle('offers')}
            >
              Offers ({line.part.offers.length})
            </Button>
          )}
          {p.onSuggest && problemsOf(line).length > 0 && (
            <Button
              size="small"
              appearance="subtle"
              onClick={() => p.onSuggest?.(line)}
              aria-label={`Suggestions for row ${row}`}
            >
              Suggestions
            </Button>
          )}
        </div>
      )}
      {open === 'search' && (
        <ReplacementSearch
          partNumber={line.replacement || line.partNumber}
          row={row}
          lineDescription={`${p.describedAs(line)} ${line.description ?? ''}`.trim()}
          need={line.need ?? 1}
          busy={p.busy}
          onSearch={p.onSearch}
          onUse={(part) => p.onReplace(line, part)}
        />
      )}
      {open === 'offers' && line.part && (
        <OffersTable
          part={line.part}
          need={partNeed}
          row={row}
          bought={line.plan?.items.map((i) => i.itemId) ?? []}
          pinned={p.pinnedOf(line)}
          plan={p.plan}
          busy={p.busy}
          onPin={(offer, effect) => p.onPin(line, offer, effect)}
        />
      )}
    </li>
  );
}

/** What the plan buys a line's part for: the needs of every line of that part (an offer must cover them all). */
function partNeedOf(line: PricedBomLine, lines: readonly PricedBomLine[]): number {
  const id = line.part?.itemId;
  if (id === undefined) return Math.max(1, line.need ?? 1);
  return Math.max(
    1,
    lines.reduce((n, l) => n + (l.part?.itemId === id ? (l.need ?? 0) : 0), 0),
  );
}

/** The rows behind one count of the Summary: each selects its cells in the sheet; not-found rows offer a search. */
export function ProblemRows({ kind, lines, firstRowNumber, ...rest }: ProblemRowsProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const group = ROW_KINDS.find((k) => k.kind === kind)!;
  const rows = lines.filter(group.has);
  const shown = rows.slice(0, MAX_ROWS_SHOWN);
  return (
    <div id={`rows-${kind}`} role="region" aria-label={`${group.label} rows`}>
      {rows.length === 0 ? (
        <p className={s.text}>{group.none}</p>
      ) : (
        <ul className={c.list}>
          {shown.map((line) => (
            <ProblemRow
              key={line.row}
              line={line}
              row={line.row + firstRowNumber}
              partNeed={partNeedOf(line, lines)}
              {...rest}
            />
          ))}
        </ul>
      )}
      {rows.length > shown.length && (
        <p className={s.small}>
          {groupedCount(rows.length - shown.length)} more; the Status column in the sheet lists every row.
        </p>
      )}
    </div>
  );
}
