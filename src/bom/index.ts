/** BOM reading: which sheet, which header, which columns, and every row accounted for. Pure; it never prices. */
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
export { type PartNumberCandidate, candidateEvidence, candidateReasons, looksLikeInternalCodes } from './evidence';
export { type CatalogJudge, JUDGE_SAMPLE, readBomJudged } from './judge';
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
export {
  type AlternateColumn,
  type ApprovedAlternate,
  alternateColumns,
  alternateRole,
  alternatesOfRow,
} from './alternates';
