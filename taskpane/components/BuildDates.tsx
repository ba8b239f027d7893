import { makeStyles, tokens } from '@fluentui/react-components';
import type { Schedule } from '../../src/plan/schedule';
import {
  clearWords,
  lateNote,
  needByWords,
  priceOfTime,
  priceOfTimeWords,
  readyWords,
} from '../../src/plan/schedule-words';
import { useSectionStyles } from './styles';
import { unbroken } from './unbroken';
import { groupedCount } from '../../src/text/plural';

export interface BuildDatesProps {
  schedule: Schedule;
  currency: string;
  /** The boards the run was priced for. */
  boards: number;
}

const useStyles = makeStyles({
  clear: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  part: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
});

/** Shown of the critical and late parts; the rest are on the Summary sheet's count and the CLI's When section. */
const SHOWN = 8;

function PartList({ items, label, testId }: { items: Array<[string, string]>; label: string; testId: string }) {
  const s = useSectionStyles();
  const c = useStyles();
  return (
    <ul className={s.list} aria-label={label} data-testid={testId}>
      {items.slice(0, SHOWN).map(([part, words], i) => (
        <li key={`${part}-${i}`}>
          <span className={c.part}>{part}</span>: {words}
        </li>
      ))}
      {items.length > SHOWN && <li>and {groupedCount(items.length - SHOWN)} more</li>}
    </ul>
  );
}

/**
 * The price of time: what the plans meeting the date cost against the cheapest plans made with no date (a BOM's, or
 * everything a purchase list buys).
 */
export function PriceOfTime({
  schedule,
  currency,
  testId = 'price-of-time',
}: {
  schedule: Schedule;
  currency: string;
  testId?: string;
}) {
  const s = useSectionStyles();
  const p = priceOfTime(schedule);
  if (!p || schedule.needBy === null) return null;
  return (
    <p className={s.text} data-testid={testId}>
      Price of time: {priceOfTimeWords(p, schedule.needBy, currency)}.
    </p>
  );
}

/**
 * When the BOM can be built: the clear-to-build day and the critical parts that set it, then, with a need-by date,
 * the parts that do not all arrive by then (with their earliest day and its cost), the builds the parts arriving by
 * then allow, and the price of time.
 */
export function BuildDates({ schedule, currency, boards }: BuildDatesProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const name = (t: Schedule['parts'][number]) => t.plan.part.partNumber;
  const late = schedule.parts.filter((t) => t.late);
  return (
    <section className={s.section} aria-labelledby="dates-heading">
      <h2 id="dates-heading" className={s.heading}>
        When you can build
      </h2>
      <p className={c.clear} data-testid="clear-to-build">
        Clear to build: {unbroken(clearWords(schedule))}
      </p>
      {schedule.critical.length > 0 && (
        <>
          <p className={s.text}>{schedule.clearToBuild === null ? 'Never all there:' : 'Set by:'}</p>
          <PartList
            label="Critical parts"
            testId="critical-parts"
            items={schedule.critical.map((t) => [name(t), readyWords(t, currency)])}
          />
        </>
      )}
      {schedule.needBy !== null && (
        <>
          <p className={s.text} data-testid="need-by-outcome">
            Need by {unbroken(schedule.needBy)}: {needByWords(schedule)}
            {schedule.buildsByNeedBy === null
              ? '.'
              : `; builds by then: ${groupedCount(schedule.buildsByNeedBy)} of ${groupedCount(boards)}.`}
          </p>
          {late.length > 0 && (
            <PartList
              label="Parts late"
              testId="late-parts"
              items={late.map((t) => [name(t), lateNote(t, schedule.needBy!, currency)])}
            />
          )}
          <PriceOfTime schedule={schedule} currency={currency} />
        </>
      )}
      <p className={s.small}>The Summary sheet has these dates too.</p>
    </section>
  );
}
