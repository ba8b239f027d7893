export { SnapshotError, type SnapshotErrorKind } from './errors';
export {
  SNAPSHOT_CHUNK,
  SNAPSHOT_FORMAT,
  SNAPSHOT_SHEET,
  SNAPSHOT_VERSION,
  type RunSnapshot,
  type SnapshotLine,
  type SnapshotOffer,
  type SnapshotRate,
  buildSnapshot,
  snapshotChunks,
  snapshotText,
} from './snapshot';
export { readSnapshot } from './read-snapshot';
export {
  type KeptSnapshot,
  MAX_KEPT_SNAPSHOTS,
  NAME_ROW,
  SNAPSHOTS_TAG,
  type SnapshotSheetLayout,
  TEXT_ROW,
  TIME_ROW,
  columnFor,
  keptSheetsText,
  snapshotColumn,
  snapshotSheetLayout,
  snapshotTextOf,
  textRowOf,
} from './snapshot-sheet';
export { type LinePairs, matchLines } from './match';
export {
  type CostBridge,
  EFFECT_ORDER,
  EFFECT_WORDS,
  type EffectKind,
  type Effects,
  effectsSum,
  lineEffects,
} from './bridge';
export { type ChangeKind, type LineChange, type RunComparison, changeKinds, compareRuns } from './compare';
export {
  CHANGES_SHEET,
  CHANGES_TITLE,
  type ChangesSheet,
  bridgeLines,
  changeLine,
  changeRow,
  changeWords,
  changesHeader,
  changesSheet,
  changesSheetRows,
  changesSummary,
  noLongerInStock,
  signedAmount,
} from './words';
