export {
  type LineSuggestions,
  type MatchClass,
  type PrefixSearchPort,
  type ProblemKind,
  type ProblemLine,
  type SuggestOptions,
  type SuggestResult,
  type Suggestion,
  suggestForLines,
} from './suggest';
export { parameterColumns, problemLines, problemsOf } from './problems';
export { type SeriesPrefix, familyStem, partKey, seriesPrefixes } from './series';
