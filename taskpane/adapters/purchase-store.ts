/** The several-BOMs choices and the orders marked received, kept in the workbook's document settings. */
import { type DocumentSettingsLike, saveDocumentSetting } from '../../addin/document-settings';
import { asOrderRecords } from '../../src/excel/order-record';
import { RECEIVED_ORDERS_KEY, asReceivedMarks } from '../../src/purchase';
import { ORDERS_RECORD_KEY } from '../workbook-choices';
import { PURCHASE_SETUP_KEY, type PurchaseStore, asPurchaseSetup } from '../purchase/setup';

export function purchaseSettingsStore(settings: DocumentSettingsLike): PurchaseStore {
  return {
    loadSetup: () => asPurchaseSetup(settings.get(PURCHASE_SETUP_KEY)),
    saveSetup: (setup) =>
      saveDocumentSetting(settings, PURCHASE_SETUP_KEY, setup, 'the BOM ranges of the purchase list'),
    loadOrders: () => asOrderRecords(settings.get(ORDERS_RECORD_KEY)),
    loadReceived: () => asReceivedMarks(settings.get(RECEIVED_ORDERS_KEY)),
    saveReceived: (marks) => saveDocumentSetting(settings, RECEIVED_ORDERS_KEY, marks, 'the orders marked received'),
  };
}
