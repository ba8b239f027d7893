/** BOM reading and the priced-BOM layout: pure, for the task pane, the functions and the CLI alike. */
export { BomError, isBomError, type BomErrorKind } from './errors';
export {
  type Cell,
  type CellGrid,
  cellText,
  columnName,
  normalizeDesignatorText,
  normalizePartNumber,
  normalizeText,
  numberText,
  partNumberText,
  rawCellText,
} from './normalize';
export {
  MAX_DESIGNATORS,
  type DesignatorParse,
  countDesignators,
  formatDesignators,
  looksLikeDesignators,
  parseDesignators,
} from './designators';
export { KNOWN_MANUFACTURER_KEYS, isKnownManufacturer, manufacturerKey } from './manufacturer';
export {
  MAX_QUANTITY,
  type QuantityParse,
  containsDnpMarker,
  isDnpFlag,
  isDnpMarker,
  parseQuantity,
} from './quantity';
export {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  type HeaderDetection,
  type HeaderMatch,
  detectHeaderRow,
  headerTokens,
  inferColumnsFromContent,
  isGenericHeaderRow,
  looksLikePartNumber,
  mapColumns,
  matchHeader,
} from './header';
export {
  MAX_BOARDS,
  type BomLine,
  type BomReadResult,
  type BomWarning,
  type BomWarningCode,
  type ReadBomOptions,
  type SkipReason,
  type SkippedLine,
  groupByLookupKey,
  lookupKeyOf,
  readBom,
} from './read';
export {
  EXCEL_MAX_TEXT,
  PRICED_BOM_COLUMNS,
  PRICED_BOM_HEADERS,
  PRICED_STATUSES,
  PRICE_BREAK_COLUMNS,
  type CellTarget,
  type ColumnKind,
  type OutputCell,
  type OutputColumn,
  type PriceBreakColumnKey,
  type PriceBreakRow,
  type PricedColumnKey,
  type PricedLine,
  type PricedStatus,
  type PricedSummary,
  escapeForCsv,
  excelSerial,
  formatDateTime,
  isFormulaLike,
  priceBreakRow,
  pricedRow,
  safeText,
  skippedPricedLine,
  statusText,
  summarize,
} from './layout';
export { priceBom } from './price-lines';
export type { BomLookupPort, LookupFailure, PartCandidate, PriceBomOptions, PriceBomResult, PricedBomLine } from './price-lines';
