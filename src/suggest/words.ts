/** What a suggestion's record says, in the words the pane, the command line and the sheet's Status use. */
import type { SuggestionFit } from './suggest';

/** How far a candidate is known to fit, as a mark beside it. */
export const FIT_WORDS: Readonly<Record<SuggestionFit, string>> = {
  same: 'same value and package',
  'different value': 'different value',
  'different package': 'different package',
  unknown: 'fit not known: value or package not read',
};
