import { countsWords } from '../../src/plan/risk-words';
import { coverageOf, coverageText, summaryEntries } from '../../src/purchase/summary-entries';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ArrowClockwiseRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { STATUS_FILLS } from '../../src/excel/priced-sheet';
import type { PricingView } from '../controller';
import { ROW_KINDS, type RowKind } from './ProblemRows';
import { useSectionStyles } from './styles';
import { unbroken } from './unbroken';
import { countOf, groupedCount } from '../../src/text/plural';
import { ChangesLine, EditedMark } from './RunChanges';

export interface SummaryPanelProps {
  pricing: PricingView;
  boards: number;
  /** Lines older than the cache time. */
  stale: number;
  ttlMinutes: number;
  busy: boolean;
  onRefresh: (mode: 'stale' | 'all') => void;
  /** The rows behind a count, shown under the counts when it is opened. */
  rowsOf?: (kind: RowKind) => ReactNode;
  /** The need-by date set now ('' for none): results planned for another are marked stale. */
  needByNow?: string;
}

const useStyles = makeStyles({
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  count: {
    display: 'flex',
    flexDirection: 'column',
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  countButton: {
    minWidth: 0,
    padding: 0,
    justifyContent: 'flex-start',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'underline',
  },
  open: {
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
  countValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  countLabel: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    '& th, & td': {
      textAlign: 'right',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& th:first-child, & td:first-child': { textAlign: 'left' },
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  swatch: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    marginRight: tokens.spacingHorizontalXS,
    verticalAlign: 'middle',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
  },
});

function time(date: Date): string {
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The counts by status, each opening the rows behind it when `rowsOf` is given. */
function StatusCounts({
  figures,
  rowsOf,
  open,
  setOpen,
}: {
  figures: Record<RowKind, number>;
  rowsOf?: (kind: RowKind) => ReactNode;
  open: RowKind | null;
  setOpen: (kind: RowKind | null) => void;
}) {
  const c = useStyles();
  const counts = ROW_KINDS.filter((k) => k.kind !== 'stale' || figures.stale > 0);
  return (
    <dl className={c.counts} data-testid="summary-counts">
      {counts.map(({ kind, label }) => {
        const value = figures[kind];
        return (
          <div key={kind} className={mergeClasses(c.count, open === kind && c.open)}>
            <dt className={c.countLabel}>{label}</dt>
            <dd className={c.countValue}>
              {value > 0 && rowsOf ? (
                <Button
                  appearance="transparent"
                  className={c.countButton}
                  aria-expanded={open === kind}
                  aria-controls={open === kind ? `rows-${kind}` : undefined}
                  aria-label={`${groupedCount(value)} ${label}: ${open === kind ? 'hide' : 'show'} the rows`}
                  onClick={() => setOpen(open === kind ? null : kind)}
                >
                  {groupedCount(value)}
                </Button>
              ) : (
                groupedCount(value)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The totals per board and per build in the summary's currency, and a warning when they leave lines out. */
function Totals({ pricing, boards }: { pricing: PricingView; boards: number }) {
  const s = useSectionStyles();
  const c = useStyles();
  const { summary } = pricing;
  const entries = summaryEntries(summary, boards).filter((e) => e.kind !== 'count');
  return (
    <>
      {summary.currency !== null && !coverageOf(summary).complete && (
        <MessageBar intent="warning" layout="multiline" data-testid="total-partial">
          <MessageBarBody>
            <MessageBarTitle>Partial total</MessageBarTitle> The total leaves lines out: {coverageText(summary)}.
          </MessageBarBody>
        </MessageBar>
      )}
      {summary.currency === null ? (
        <p className={s.text}>No line has a price yet, so there is no total.</p>
      ) : (
        <table className={c.table} data-testid="summary-totals">
          <caption className={s.small} style={{ textAlign: 'left', captionSide: 'top' }}>
            What the plan buys, in {summary.currency}: needs added up per part, every offer compared after conversion.
          </caption>
          <tbody>
            {entries.map((e) => (
              <tr key={e.label}>
                <th scope="row">{e.label.trim()}</th>
                <td>{unbroken(e.text)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** When the prices were taken, and where the results, the price breaks and the summary were written. */
function WhenAndWhere({ pricing }: { pricing: PricingView }) {
  const s = useSectionStyles();
  return (
    <p className={s.small}>
      Prices as of {unbroken(time(pricing.pricedAt))}
      {pricing.resultsAddress ? `; written in ${pricing.resultsAddress}` : ''}
      {pricing.breaksAddress
        ? `; every price break on ${pricing.breaksAddress.split('!')[0].replace(/^'|'$/g, '')}`
        : ''}
      {pricing.summaryAddress ? `; this summary on ${pricing.summaryAddress.split('!')[0].replace(/^'|'$/g, '')}` : ''}.
    </p>
  );
}

/** The status colours of the sheet. */
function StatusLegend() {
  const c = useStyles();
  return (
    <ul className={c.legend} aria-label="Status colours in the sheet">
      {Object.values(STATUS_FILLS).map((f) => (
        <li key={f.label}>
          <span className={c.swatch} style={{ backgroundColor: f.color }} aria-hidden="true" />
          {f.label}
        </li>
      ))}
    </ul>
  );
}

/** How old the prices are, and the buttons that refresh the stale ones or all. */
function Freshness({
  stale,
  ttlMinutes,
  busy,
  onRefresh,
}: Pick<SummaryPanelProps, 'stale' | 'ttlMinutes' | 'busy' | 'onRefresh'>) {
  const s = useSectionStyles();
  return (
    <>
      <p className={s.small}>
        {stale === 0
          ? `All prices are younger than ${ttlMinutes} minutes.`
          : `${countOf(stale, 'line is', 'lines are')} older than ${ttlMinutes} minutes or unpriced.`}
      </p>
      <div className={s.row}>
        <Button icon={<ArrowSyncRegular />} onClick={() => onRefresh('stale')} disabled={busy}>
          Refresh stale{stale > 0 ? ` (${groupedCount(stale)})` : ''}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => onRefresh('all')} disabled={busy}>
          Refresh all
        </Button>
      </div>
    </>
  );
}

/** What the pricing found: counts by status, totals per board and per build in each currency, colours, refresh. */
export function SummaryPanel({
  pricing,
  boards,
  stale,
  ttlMinutes,
  busy,
  onRefresh,
  rowsOf,
  needByNow,
}: SummaryPanelProps) {
  const s = useSectionStyles();
  const { summary } = pricing;
  const heading = useRef<HTMLHeadingElement>(null);
  // New results: bring them into view and put the keyboard focus on them.
  useEffect(() => {
    heading.current?.focus();
  }, [pricing]);
  const [open, setOpen] = useState<RowKind | null>(null);
  const figures: Record<RowKind, number> = {
    priced: summary.priced,
    short: summary.short,
    notFound: summary.notFound,
    ambiguous: summary.ambiguous,
    noPrice: summary.noPrice,
    skipped: summary.skipped,
    notActive: summary.notActive,
    stale: pricing.lines.filter((l) => l.stale).length,
  };
  return (
    <section className={s.section} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={s.heading} ref={heading} tabIndex={-1}>
        Summary
      </h2>
      {pricing.staleReason && (
        <MessageBar intent="warning" layout="multiline" data-testid="results-stale">
          <MessageBarBody>
            <MessageBarTitle>Stale</MessageBarTitle> {pricing.staleReason} The sheet's Status column says so until you
            price again.
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="primary" disabled={busy} onClick={() => onRefresh('stale')}>
              Price again
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <EditedMark pricing={pricing} busy={busy} onPrice={() => onRefresh('stale')} needByNow={needByNow} />
      <ChangesLine pricing={pricing} />
      <StatusCounts figures={figures} rowsOf={rowsOf} open={open} setOpen={setOpen} />
      {open && rowsOf && rowsOf(open)}
      {pricing.cancelled && pricing.notArrived > 0 && (
        <p className={s.text}>
          {groupedCount(pricing.notArrived)} of the "no price" lines were cancelled before their price arrived.
        </p>
      )}
      {pricing.risk && (
        <p className={s.text} data-testid="summary-risk">
          {countsWords(pricing.risk)} (lifecycle, stock across sources, RoHS)
        </p>
      )}
      <Totals pricing={pricing} boards={boards} />
      <WhenAndWhere pricing={pricing} />
      <StatusLegend />
      <Freshness stale={stale} ttlMinutes={ttlMinutes} busy={busy} onRefresh={onRefresh} />
    </section>
  );
}
