export { LookupScheduler, LOOKUP_DEFAULTS } from './scheduler';
export {
  lookupKey,
  groupKey,
  resultKey,
  wirePartNumber,
  normalizePartNumber,
  normalizeManufacturer,
  normalizeCurrency,
} from './key';
export { retryDelay, DEFAULT_RETRY } from './backoff';
export { splitIntoBatches } from './split';
export type {
  ListPart,
  ListSearchPort,
  LookupRequest,
  LookupOptions,
  LookupResult,
  LookupManyOptions,
  PartLookup,
  LookupStats,
  LookupCost,
  RetryOptions,
  SchedulerOptions,
  SchedulerProgress,
  SchedulerEvent,
  SchedulerListener,
  TimerHandle,
} from './types';
export {
  CellRecord,
  FAILURE_WORDS,
  type CallNote,
  type CellNote,
  type CellFailureKind,
  type CellFailureNote,
  type CellRecordReader,
  rateLimitWords,
  staleTime,
  staleWords,
} from './cell-record';
