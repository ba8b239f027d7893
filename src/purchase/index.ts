/** One purchase list for several BOMs, net of the stock on hand and on order, and what each BOM can build now. */
export {
  type Buildable,
  type BomSummary,
  type PurchaseBom,
  type PurchaseOffer,
  type PurchaseOptions,
  type PurchaseResult,
  type PurchaseRow,
  type PurchaseRowStatus,
  type StockEntry,
  type StockNotApplied,
  type UnlistedLine,
  planPurchase,
} from './list';
export {
  type StockColumns,
  type StockFormat,
  type StockProblem,
  type StockReadResult,
  type StockRow,
  StockReadError,
  matchStockHeader,
  readStock,
  stockEntries,
  stockQuantity,
  stockReadText,
} from './stock';
export {
  ON_ORDER_ENVIRONMENT,
  type OnOrderEntries,
  RECEIVED_ORDERS_KEY,
  type ReceivedMark,
  asReceivedMarks,
  isOnOrder,
  isReceived,
  markReceived,
  onOrderEntries,
  testOrdersText,
} from './on-order';
export {
  BOM_SUMMARY_HEADERS,
  bomSummaryRows,
  buildableText,
  BUILDABLE_COUNTS,
  offersText,
  purchaseColumns,
  purchaseTableRows,
} from './layout';
export { environmentColumn, isTestEnvironment, testRowsText, withoutTestOrders } from './order-environment';
export {
  type LineCountAt,
  MAX_PURCHASE_SCENARIOS,
  type PurchaseScenario,
  type PurchaseScenarios,
  type ScenarioBom,
  ScenarioError,
  type ScenarioFigures,
  type ScenarioShare,
  checkLineScenarios,
  parseBuildsList,
  planPurchaseScenarios,
  scenarioBuilds,
  scenarioFigures,
  scenarioLabel,
} from './scenarios';
export { scenarioFormats, scenarioHeaders, scenarioLines, scenarioRows } from './scenario-layout';
export { type PurchaseBlocker, purchaseBlockers } from './blockers';
