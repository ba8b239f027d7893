import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { LineSuggestions, Suggestion } from '../../src/suggest';
import { lifecycleText, priceText, stockText } from './figures';
import { groupedCount } from '../../src/text/plural';

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

/** The question asked before a candidate not known to fit `line` ("row 12") is used. */
function question(s: Suggestion, line: string): string {
  if (s.fit === 'unknown')
    return `${s.partNumber}'s value or package could not be read, so it is not known to fit ${line}. Check its datasheet. Use it anyway?`;
  const what = s.differences.length > 0 ? s.differences.join('; ') : FIT_MARK[s.fit as 'different value'];
  return `${s.partNumber} is not the same part as ${line} asks for (${what}). Use it anyway?`;
}

const useStyles = makeStyles({
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
  ask: {
    gridColumn: '1 / -1',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  askText: { margin: 0, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  askButtons: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
});

export interface SuggestionCardProps {
  s: Suggestion;
  line: LineSuggestions;
  /** The line's sheet row number. */
  row: number;
  /** What the candidate is for, where a row number does not say it ("LM358DR in Board A"); "row N" by default. */
  lineName?: string;
  need: number;
  used: boolean;
  busy: boolean;
  onUse: () => void;
  /** Whether the focus comes back to Use once the pricing it starts ends (false where the view puts it elsewhere). */
  returnFocus?: boolean;
}

/**
 * One candidate: what it is, how close, what it costs for the line. Use takes one that keeps the line's value and
 * package at once; one not known to fit, or of another value or package, is used only after a question, asked once.
 * After Use (and the pricing it starts), focus comes back to its button.
 */
export function SuggestionCard({
  s,
  line,
  row,
  lineName,
  need,
  used,
  busy,
  onUse,
  returnFocus = true,
}: SuggestionCardProps) {
  const c = useStyles();
  const forWhat = lineName ?? `row ${row}`;
  const maker = s.manufacturer ? ` (${s.manufacturer})` : '';
  const [asking, setAsking] = useState(false);
  const [answered, setAnswered] = useState(false);
  // After Use: 'wait' for the pricing it starts, then ('busy') give the focus back once it ends, as the browser drops
  // the focus of a button disabled meanwhile.
  const [refocus, setRefocus] = useState<'no' | 'wait' | 'busy'>('no');
  const useButton = useRef<HTMLButtonElement>(null);
  const useAnyway = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) useAnyway.current?.focus();
  }, [asking]);
  useEffect(() => {
    if (refocus === 'wait' && busy) setRefocus('busy');
    if (refocus === 'busy' && !busy) {
      if (returnFocus) useButton.current?.focus();
      setRefocus('no');
    }
  }, [refocus, busy, returnFocus]);
  const use = () => {
    setAsking(false);
    setRefocus('wait');
    // The question's button goes away: the focus goes to Use until the pricing disables it.
    useButton.current?.focus();
    onUse();
  };
  const marked = s.fit === 'different value' || s.fit === 'different package';
  return (
    <li
      className={mergeClasses(c.card, marked && c.cardDiffers, used && c.cardUsed)}
      data-candidate={s.partNumber}
      data-match={s.matchClass}
      data-fit={s.fit}
    >
      <div className={c.body}>
        <span className={c.name}>
          {s.partNumber}
          {s.manufacturer ? ` — ${s.manufacturer}` : ''}
        </span>
        <span className={c.matchClass}>{CLASS_WORDS[s.matchClass]}</span>
        {s.fit !== 'same' && (
          <span className={marked ? c.differs : c.now} data-testid="suggestion-fit">
            {FIT_MARK[s.fit]}
          </span>
        )}
        {s.differences.length > 0 && (
          <span className={marked ? c.differs : c.now}>Differs: {s.differences.join('; ')}</span>
        )}
        <dl className={c.params}>
          <dt>This part</dt>
          <dd>{s.parameters || 'no parameters read'}</dd>
          <dt>The line</dt>
          <dd>{line.lineParameters || 'no parameters read'}</dd>
        </dl>
        <span className={c.now}>{[s.lifecycle || lifecycleText(s.quote), stockText(s.quote)].join(' · ')}</span>
        <span className={c.now}>
          For the line's {groupedCount(need)}: {priceText(s.quote)}
        </span>
      </div>
      <Button
        ref={useButton}
        size="small"
        appearance={used ? 'primary' : 'secondary'}
        disabled={busy}
        aria-expanded={s.fit === 'same' || answered ? undefined : asking}
        onClick={() => (s.fit === 'same' || answered || used ? use() : setAsking(true))}
        aria-label={`${used ? 'Used' : 'Use'} ${s.partNumber}${maker} for ${forWhat}`}
      >
        {used ? 'Used' : 'Use'}
      </Button>
      {asking && (
        <div className={c.ask} role="group" aria-label={`Check before using ${s.partNumber}`}>
          <p className={c.askText}>{question(s, forWhat)}</p>
          <div className={c.askButtons}>
            <Button
              ref={useAnyway}
              size="small"
              disabled={busy}
              onClick={() => {
                setAnswered(true);
                use();
              }}
            >
              Use anyway
            </Button>
            <Button
              size="small"
              appearance="subtle"
              onClick={() => {
                setAsking(false);
                useButton.current?.focus();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
