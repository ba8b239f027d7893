import type { BomDates } from '../../src/purchase/types';
import { bomClearText, bomNeedByText } from '../../src/purchase/dates-words';

/**
 * A BOM's dates in a purchase list's card, as terms of its figures: the day it is clear to build and the parts
 * that set it, and with a need-by date the parts late and the builds by then.
 */
export function BomDatesFigures({ dates, builds }: { dates: BomDates; builds: number }) {
  const byDate = bomNeedByText(dates, builds);
  return (
    <>
      <dt>Clear to build</dt>
      <dd data-testid="bom-clear-to-build">{bomClearText(dates)}</dd>
      {byDate && (
        <>
          <dt>Need by {dates.needBy}</dt>
          <dd>
            {byDate.late}; builds by then: {byDate.builds}
          </dd>
        </>
      )}
    </>
  );
}
