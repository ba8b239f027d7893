import { Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowSyncRegular, LightbulbRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import type { PricedBomLine } from '../../src/bom/price-lines';
import { isNotActive } from '../../src/catalog/lifecycle';
import type { LineSuggestions, ProblemKind, Suggestion } from '../../src/suggest';
import { problemsOf } from '../../src/suggest';
import type { PricingView } from '../controller';
import type { SuggestionsState } from '../suggestions';
import { count, lifecycleText, priceText, stockText } from './figures';
import { useSectionStyles } from './styles';
import { countOf, plural } from '../../src/text/plural';

const PROBLEM_WORDS: Record<ProblemKind, string> = {
  'not found': 'not found',
  'not Active': 'not Active',
  short: 'short of stock',
  overbuy: 'overbuy',
};

const CLASS_WORDS: Record<Suggestion['matchClass'], string> = {
  'same family and package': 'Same family and package',
  'same parameters, other series': 'Same parameters, other series',
  'same family': 'Same family',
  differs: 'Differs',
};

/** The mark beside a candidate not known to keep the line's value and package. */
const FIT_MARK: Record<Exclude<Suggestion['fit'], 'same'>, string> = {
  'different value': "Different value: not the line's part",
  'different package': 'Different package: check it fits the board',
  unknown: 'Fit not known: value or package not read',
};

const useStyles = makeStyles({
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
  line: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  lineHeading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  candidates: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorNeutralStroke1}`,
    minWidth: 0,
  },
  /** A candidate of another value or package: marked at its edge as well as in words. */
  cardDiffers: { borderLeftColor: tokens.colorPaletteRedBorder2 },
  cardUsed: { borderLeftColor: tokens.colorPaletteGreenBorder2 },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  matchClass: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  differs: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorPaletteRedForeground1,
    overflowWrap: 'anywhere',
  },
  params: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
    '& dt': { fontWeight: tokens.fontWeightSemibold },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  now: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
});

export interface SuggestionsViewProps {
  state: SuggestionsState;
  pricing: PricingView;
  /** One line only (its row within the BOM), as opened from that line's offers; null for every problem line. */
  focusRow: number | null;
  busy: boolean;
  onUse: (line: LineSuggestions, suggestion: Suggestion) => void;
  onLoad: (again: boolean) => void;
  onShowAll: () => void;
  onBack: () => void;
  onSelectRow: (line: PricedBomLine) => void;
}

function Candidate({
  s,
  line,
  row,
  need,
  used,
  busy,
  onUse,
}: {
  s: Suggestion;
  line: LineSuggestions;
  row: number;
  need: number;
  used: boolean;
  busy: boolean;
  onUse: () => void;
}) {
  const c = useStyles();
  const maker = s.manufacturer ? ` (${s.manufacturer})` : '';
  return (
    <li
      className={mergeClasses(c.card, s.fit !== 'same' && s.fit !== 'unknown' && c.cardDiffers, used && c.cardUsed)}
      data-candidate={s.partNumber}
      data-match={s.matchClass}
    >
      <div className={c.body}>
        <span className={c.name}>
          {s.partNumber}
          {s.manufacturer ? ` — ${s.manufacturer}` : ''}
        </span>
        <span className={c.matchClass}>{CLASS_WORDS[s.matchClass]}</span>
        {s.fit !== 'same' && (
          <span className={s.fit === 'unknown' ? c.now : c.differs} data-testid="suggestion-fit" data-fit={s.fit}>
            {FIT_MARK[s.fit]}
          </span>
        )}
        {s.differences.length > 0 && (
          <span className={s.fit === 'different value' || s.fit === 'different package' ? c.differs : c.now}>
            Differs: {s.differences.join('; ')}
          </span>
        )}
        <dl className={c.params}>
          <dt>This part</dt>
          <dd>{s.parameters || 'no parameters read'}</dd>
          <dt>The line</dt>
          <dd>{line.lineParameters || 'no parameters read'}</dd>
        </dl>
        <span className={c.now}>{[s.lifecycle || lifecycleText(s.quote), stockText(s.quote)].join(' · ')}</span>
        <span className={c.now}>
          For the line's {count(need)}: {priceText(s.quote)}
        </span>
      </div>
      <Button
        size="small"
        appearance={used ? 'primary' : 'secondary'}
        disabled={busy}
        onClick={onUse}
        aria-label={`${used ? 'Used' : 'Use'} ${s.partNumber}${maker} for row ${row}`}
      >
        {used ? 'Used' : 'Use'}
      </Button>
    </li>
  );
}

function Line({
  line,
  priced,
  row,
  used,
  busy,
  onUse,
  onSelectRow,
}: {
  line: LineSuggestions;
  priced: PricedBomLine | undefined;
  row: number;
  used: string | undefined;
  busy: boolean;
} & Pick<SuggestionsViewProps, 'onUse' | 'onSelectRow'>) {
  const s = useSectionStyles();
  const c = useStyles();
  const headingId = `suggest-row-${line.row}`;
  const problems = line.problems
    .map((p) =>
      p === 'not Active' && priced && isNotActive(priced.lifecycle)
        ? `not Active (${priced.lifecycle})`
        : PROBLEM_WORDS[p],
    )
    .join(', ');
  return (
    <section className={c.line} aria-labelledby={headingId} data-row={row}>
      <h3 id={headingId} className={c.lineHeading}>
        Row {row}: {line.partNumber || '(no part number)'}
      </h3>
      <span className={s.text}>{problems}</span>
      <span className={s.small}>The line: {line.lineParameters || 'no value or package read'}</span>
      {used && priced && (
        <p className={c.now} data-testid="suggestion-now">
          Now: {priced.status}
          {priced.statusReason ? `: ${priced.statusReason}` : ''}
        </p>
      )}
      {line.candidates.length === 0 ? (
        <p className={s.text}>
          No candidate found: no Active part of its family or of the same parameters in the catalog.
        </p>
      ) : (
        <ol className={c.candidates} aria-label={`Suggestions for row ${row}, best first`}>
          {line.candidates.map((cand) => (
            <Candidate
              key={cand.itemId}
              s={cand}
              line={line}
              row={row}
              need={priced?.need ?? 0}
              used={used === cand.partNumber}
              busy={busy}
              onUse={() => onUse(line, cand)}
            />
          ))}
        </ol>
      )}
      {priced && (
        <div className={s.row}>
          <Button size="small" appearance="transparent" onClick={() => onSelectRow(priced)}>
            Show row {row} in the sheet
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * The Suggestions view: each problem line of the priced BOM with its candidates, best first (those of another value
 * or package last, and marked). "Use" writes the candidate in the pane's "Replacement MPN" column and prices again;
 * nothing is used without that click.
 */
export function SuggestionsView({
  state,
  pricing,
  focusRow,
  busy,
  onUse,
  onLoad,
  onShowAll,
  onBack,
  onSelectRow,
}: SuggestionsViewProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    onLoad(false);
    // Once, when the view opens: finding again is the buyer's choice.
  }, []);
  const byRow = new Map(pricing.lines.map((l) => [l.row, l]));
  const lines = focusRow === null ? state.lines : state.lines.filter((l) => l.row === focusRow);
  const rowOf = (row: number) => row + pricing.firstRowNumber;
  return (
    <section className={s.section} aria-labelledby="suggestions-heading">
      <div className={c.top}>
        <h2 id="suggestions-heading" className={s.heading} tabIndex={-1} ref={heading}>
          Suggestions
        </h2>
        <Button size="small" appearance="subtle" icon={<ArrowLeftRegular />} onClick={onBack}>
          Back to the BOM
        </Button>
      </div>
      <p className={s.small}>
        Candidates for lines not found, not Active, short or overbought. Nothing is used until you click Use: the part
        goes in the "Replacement MPN" column, your part number stays, and the BOM is priced again.
      </p>
      {pricing.staleReason && (
        <p className={s.text}>{pricing.staleReason} Price the BOM again for suggestions that match it.</p>
      )}
      {state.status === 'loading' && <Spinner size="tiny" label="Finding suggestions…" />}
      {state.status === 'failed' && (
        <>
          <p className={s.text} role="alert">
            Suggestions could not be found: {state.error}
          </p>
          <div className={s.row}>
            <Button size="small" icon={<ArrowSyncRegular />} onClick={() => onLoad(true)}>
              Try again
            </Button>
          </div>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <p className={s.text} data-testid="suggestions-count">
            {state.lines.length === 0
              ? 'No line needs a suggestion: every part was found, is Active, in stock and without costly spares.'
              : `${count(state.lines.length)} problem ${plural(state.lines.length, 'line')}, from ${count(state.requests)} list ${plural(state.requests, 'search', 'searches')}.`}
            {state.failedPrefixes > 0
              ? ` ${count(state.failedPrefixes)} searches failed: some lines may lack candidates.`
              : ''}
          </p>
          {focusRow !== null && state.lines.length > 0 && (
            <div className={s.row}>
              <Button size="small" appearance="subtle" onClick={onShowAll}>
                Every problem line ({count(state.lines.length)})
              </Button>
            </div>
          )}
          {focusRow !== null && lines.length === 0 && (
            <p className={s.text}>Row {rowOf(focusRow)} needs no suggestion.</p>
          )}
          {lines.map((line) => (
            <Line
              key={line.row}
              line={line}
              priced={byRow.get(line.row)}
              row={rowOf(line.row)}
              used={state.used[line.row]}
              busy={busy}
              onUse={onUse}
              onSelectRow={onSelectRow}
            />
          ))}
          <div className={s.row}>
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowSyncRegular />}
              disabled={busy}
              onClick={() => onLoad(true)}
            >
              Find again
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The priced BOM's way into the Suggestions view: how many lines have a problem a suggestion may help with. */
export function SuggestionsEntry({
  lines,
  busy,
  onOpen,
}: {
  lines: readonly PricedBomLine[];
  busy: boolean;
  onOpen: () => void;
}) {
  const s = useSectionStyles();
  const kinds = new Map<ProblemKind, number>();
  let total = 0;
  for (const line of lines) {
    const problems = problemsOf(line);
    if (problems.length === 0) continue;
    total++;
    for (const p of problems) kinds.set(p, (kinds.get(p) ?? 0) + 1);
  }
  if (total === 0) return null;
  const said = [...kinds].map(([k, n]) => `${count(n)} ${PROBLEM_WORDS[k]}`).join(', ');
  return (
    <section className={s.section} aria-labelledby="suggestions-entry-heading">
      <h2 id="suggestions-entry-heading" className={s.heading}>
        Lines to fix
      </h2>
      <p className={s.text}>
        {countOf(total, 'line')} ({said}): see parts that could replace {plural(total, 'it', 'them')}, with how close
        each is.
      </p>
      <div className={s.row}>
        <Button icon={<LightbulbRegular />} disabled={busy} onClick={onOpen}>
          Suggestions
        </Button>
      </div>
    </section>
  );
}
