export type {
  ApiVersion,
  ListAnswer,
  ListResult,
  Manufacturer,
  Offer,
  Part,
  PipelineDelivery,
  PriceBreak,
  Resource,
  SearchPage,
} from './model';
export { CatalogError, isCatalogError, type CatalogErrorKind } from './errors';
export {
  CatalogClient,
  DEFAULT_TIMEOUT_MS,
  MAX_LIST_PARTS,
  retryAfterOf,
  withoutUserinfo,
  type CatalogConfig,
  type DetailQuery,
  type ListOptions,
  type ListPart,
  type TokenOptions,
} from './client';
export {
  decodeJson,
  decodeXml,
  envelopeFailure,
  OPEN_ENDED_MAX_QTY,
  parseDecimal,
  parseDeliveryDate,
  parseListAnswer,
  parseManufacturers,
  parsePart,
  parseSearchAnswer,
  readEnvelope,
  splitRequestedPartNum,
  type Envelope,
} from './parse';
export { isNotActive } from './lifecycle';
