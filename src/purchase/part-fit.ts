/**
 * Whether a candidate part fits a BOM line, as far as their descriptions tell, read and compared by the rule the
 * suggestions judge fit by (src/parts/parameters.ts): the kind of part, its value ("4u7", "4.7uF", "10k", "100 nF"),
 * frequency, package ("0603", "SOT-23", "R_0603_1608Metric"), and a lower voltage, a wider tolerance or a less stable
 * dielectric. A candidate that falls short of the line is flagged before it is used (the task pane's replacement
 * search), so a 1 µF part is not taken for a 4u7 line, and a replacement used anyway says so in the sheet's Status.
 */
import { compareParameters, readParameters } from '../parts/parameters';

/** How the candidate falls short of the line ("value 1 µF, the line 4.7 µF"); [] when nothing said is worse. */
export function misfits(line: string, candidate: string): string[] {
  return compareParameters(readParameters(line), readParameters(candidate))
    .filter((d) => d.worse)
    .map((d) => d.text);
}
