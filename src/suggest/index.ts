export {
  type LineSuggestions,
  type MatchClass,
  type PrefixSearchPort,
  type ProblemKind,
  type ProblemLine,
  type SuggestOptions,
  type SuggestResult,
  type Suggestion,
  type SuggestionFit,
  suggestForLines,
} from './suggest';
export { parameterColumns, problemLines, problemsOf } from './problems';
export { type SeriesPrefix, familyStem, partKey, seriesPrefixes, siblingPrefixes } from './series';
export { FIT_WORDS } from './words';
