import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowSyncRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  LightbulbRegular,
  SearchRegular,
} from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import type { Part } from '../../src/catalog/model';
import type { PricedBomLine } from '../../src/purchase/price-lines';
import { isNotActive } from '../../src/catalog/lifecycle';
import type { LineSuggestions, ProblemKind, Suggestion } from '../../src/suggest';
import { problemsOf } from '../../src/suggest';
import type { PricingView } from '../controller';
import type { QuotedPart } from '../../src/workflows/quotes';
import type { SuggestionsState } from '../suggestions';
import { groupedCount } from '../../src/text/plural';
import { ReplacementSearch } from './ReplacementSearch';
import { SuggestionCard } from './SuggestionCard';
import { useSectionStyles } from './styles';
import { countOf, plural } from '../../src/text/plural';

const PROBLEM_WORDS: Record<ProblemKind, string> = {
  'not found': 'not found',
  'not Active': 'not Active',
  short: 'short of stock',
  overbuy: 'overbuy',
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
  /** The part search a line with no candidate is offered (the pane's replacement search). */
  onSearch: (token: string, need: number, signal: AbortSignal) => Promise<QuotedPart[]>;
  /** A part found by that search used for the line, as the replacement search uses it. */
  onReplace: (line: PricedBomLine, part: Part) => void;
}

function Line({
  line,
  priced,
  row,
  used,
  busy,
  onUse,
  onSelectRow,
  onSearch,
  onReplace,
}: {
  line: LineSuggestions;
  priced: PricedBomLine | undefined;
  row: number;
  used: string | undefined;
  busy: boolean;
} & Pick<SuggestionsViewProps, 'onUse' | 'onSelectRow' | 'onSearch' | 'onReplace'>) {
  const s = useSectionStyles();
  const c = useStyles();
  const [searching, setSearching] = useState(false);
  const [othersOpen, setOthersOpen] = useState(false);
  const card = (cand: Suggestion) => (
    <SuggestionCard
      key={cand.itemId}
      s={cand}
      line={line}
      row={row}
      need={priced?.need ?? 0}
      used={used === cand.partNumber}
      busy={busy}
      onUse={() => onUse(line, cand)}
    />
  );
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
        <>
          <p className={s.text} data-testid="suggestion-none">
            No candidate found: no Active part of its family or of the same{' '}
            {line.otherValues.length > 0 ? 'value' : 'parameters'} in the catalog.
          </p>
          {priced && (
            <div className={s.row}>
              <Button
                size="small"
                icon={<SearchRegular />}
                aria-expanded={searching}
                onClick={() => setSearching(!searching)}
              >
                Search the catalog for row {row}
              </Button>
            </div>
          )}
          {priced && searching && (
            <ReplacementSearch
              partNumber={line.partNumber || priced.description || ''}
              row={row}
              lineDescription={`${line.lineParameters} ${priced.description ?? ''}`.trim()}
              need={priced.need ?? 1}
              busy={busy}
              onSearch={onSearch}
              onUse={(part) => onReplace(priced, part)}
            />
          )}
        </>
      ) : (
        <ol className={c.candidates} aria-label={`Suggestions for row ${row}, best first`}>
          {line.candidates.map(card)}
        </ol>
      )}
      {line.otherValues.length > 0 && (
        <>
          <div className={s.row}>
            <Button
              size="small"
              appearance="subtle"
              icon={othersOpen ? <ChevronDownRegular /> : <ChevronRightRegular />}
              aria-expanded={othersOpen}
              onClick={() => setOthersOpen(!othersOpen)}
            >
              Parts of another value ({groupedCount(line.otherValues.length)}): not the line's part
            </Button>
          </div>
          {othersOpen && (
            <ul className={c.candidates} aria-label={`Parts of another value than row ${row}`}>
              {line.otherValues.map(card)}
            </ul>
          )}
        </>
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
  onSearch,
  onReplace,
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
              : `${groupedCount(state.lines.length)} problem ${plural(state.lines.length, 'line')}; candidates found with ${groupedCount(state.requests)} catalog ${plural(state.requests, 'search', 'searches')}.`}
            {state.failedPrefixes > 0
              ? ` ${groupedCount(state.failedPrefixes)} searches failed: some lines may lack candidates.`
              : ''}
          </p>
          {focusRow !== null && state.lines.length > 0 && (
            <div className={s.row}>
              <Button size="small" appearance="subtle" onClick={onShowAll}>
                Every problem line ({groupedCount(state.lines.length)})
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
              onSearch={onSearch}
              onReplace={onReplace}
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
  const said = [...kinds].map(([k, n]) => `${groupedCount(n)} ${PROBLEM_WORDS[k]}`).join(', ');
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
