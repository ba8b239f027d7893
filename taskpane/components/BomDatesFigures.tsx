import { countOf } from '../../src/text/plural';
import type { BomDates } from '../../src/purchase/types';
import { bomClearText } from '../../src/purchase/dates-words';

/**
 * A BOM's dates in a purchase list's card, as terms of its figures: the day it is clear to build and the parts
 * that set it, and with a need-by date the parts late and the builds by then.
 */
export function BomDatesFigures({ dates, builds }: { dates: BomDates; builds: number }) {
  return (
    <>
      <dt>Clear to build</dt>
      <dd data-testid="bom-clear-to-build">{bomClearText(dates)}</dd>
      {dates.needBy !== null && (
        <>
          <dt>Need by {dates.needBy}</dt>
          <dd>
            {dates.late.length === 0
              ? 'every part arrives in time'
              : `${countOf(dates.late.length, 'part')} late: ${dates.late.join(', ')}`}
            ; builds by then: {(dates.buildsByNeedBy ?? 0).toLocaleString('en-US')} of {builds.toLocaleString('en-US')}
          </dd>
        </>
      )}
    </>
  );
}
