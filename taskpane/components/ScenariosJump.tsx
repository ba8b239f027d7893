import { Link, makeStyles, tokens } from '@fluentui/react-components';
import type { PricingView } from '../controller';
import { countOf } from '../../src/text/plural';

/** The id of the Scenarios section's heading, the link's target (ScenariosPanel gives it). */
export const SCENARIOS_HEADING = 'scenarios-heading';

const useStyles = makeStyles({
  nav: {
    paddingTop: tokens.spacingVerticalS,
    fontSize: tokens.fontSizeBase300,
  },
});

/**
 * At the top of a BOM priced at several quantities: one link to the Scenarios table, which comes after the summary
 * and its rows (a screen or two down in a narrow pane). It moves the focus to the table's heading, so the keyboard
 * goes on from there.
 */
export function ScenariosJump({ pricing }: { pricing: PricingView }) {
  const c = useStyles();
  const table = pricing.scenarios;
  if (!table) return null;
  return (
    <nav className={c.nav} aria-label="Jump to">
      <Link
        href={`#${SCENARIOS_HEADING}`}
        onClick={(e) => {
          e.preventDefault();
          const heading = document.getElementById(SCENARIOS_HEADING);
          heading?.focus();
          heading?.scrollIntoView?.({ block: 'start' });
        }}
      >
        Scenarios: {countOf(table.quantities.length, 'quantity', 'quantities')} compared
      </Link>
    </nav>
  );
}
