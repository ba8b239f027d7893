/** BOM reading and the priced-BOM layout: pure, for the task pane, the functions and the CLI alike. */
export { BomError, isBomError, type BomErrorKind } from './errors';
export {
  type Cell,
  type CellGrid,
  cellText,
  columnName,
  isBlankRow,
  normalizeDesignatorText,
  normalizePartNumber,
  normalizeText,
  numberText,
  partNumberText,
  rawCellText,
} from '../text/normalize';
export {
  MAX_DESIGNATORS,
  type DesignatorParse,
  countDesignators,
  formatDesignators,
  looksLikeDesignators,
  parseDesignators,
} from './designators';
export {
  KNOWN_MANUFACTURER_KEYS,
  isKnownManufacturer,
  manufacturerKey,
  manufacturerMatch,
} from '../match/manufacturer';
export { MANUFACTURERS, type ManufacturerEntry } from '../match/manufacturer-names';
export {
  MAX_QUANTITY,
  type QuantityParse,
  containsDnpMarker,
  dnpNamedPositions,
  isDnpFlag,
  isNotPopulated,
  isDnpMarker,
  parseQuantity,
  partNumberSaysDnp,
} from './quantity';
export { isValueSpec, withoutPackage } from './row-kinds';
export {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  type HeaderDetection,
  type HeaderMatch,
  type DnpColumnKind,
  detectHeaderRow,
  dnpColumnByContent,
  dnpColumnKind,
  headerTokens,
  isNeverPartNumberHeader,
  isSupplierPartHeader,
  looksLikeHeaderRow,
  inferColumnsFromContent,
  isGenericHeaderRow,
  looksLikePartNumber,
  mapColumns,
  matchHeader,
  symbolNameColumn,
} from './header';
export {
  MAX_BOARDS,
  type BomLine,
  type BomReadResult,
  type BomWarning,
  type BomWarningCode,
  type MergedRange,
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
  type PricedColumn,
  type PriceBreakColumnKey,
  type PriceBreakRow,
  type PricedColumnKey,
  type PricedLine,
  type PricedStatus,
  escapeForCsv,
  excelSerial,
  formatDateTime,
  isFormulaLike,
  priceBreakRow,
  pricedRow,
  safeText,
  skippedPricedLine,
  parseSplitItems,
  splitItemText,
  statusText,
  terminalText,
} from './layout';
export { type PricedSummary, type SummarizeOptions, type SummaryRate, summarize } from './summarize';
export { priceBom, replacementText } from './price-lines';
export { type PartNumberCandidate, candidateEvidence, candidateReasons, looksLikeInternalCodes } from './evidence';
export { type CatalogJudge, JUDGE_SAMPLE, lookupJudge, readBomJudged } from './judge';
export {
  type ColumnOrigin,
  type ColumnOrigins,
  type FieldExplanation,
  type RowAccount,
  type RowKind,
  accountRows,
  columnOrigins,
  explainFields,
  explainReading,
  originWords,
} from './explain';
export type {
  BomLookupPort,
  LookupFailure,
  PartCandidate,
  PriceBomOptions,
  PriceBomResult,
  PricedBomLine,
} from './price-lines';
export {
  SUMMARY_FORMATS,
  SUMMARY_TITLE,
  type Coverage,
  coverageOf,
  coverageText,
  type SummaryEntry,
  type SummarySheetRow,
  buildTotal,
  countsText,
  overbuysText,
  rateRowText,
  summaryEntries,
  summarySheetRows,
  summaryText,
} from './summary-entries';
export {
  type AlternateColumn,
  type ApprovedAlternate,
  alternateColumns,
  alternateRole,
  alternatesOfRow,
} from './alternates';
