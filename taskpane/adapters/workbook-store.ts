/**
 * The workbook choices (taskpane/workbook-choices.ts) kept in the workbook's own document settings, through the
 * shared runtime's document-settings helper: the one place the pane reaches addin/ for them. The record of the results
 * the pane wrote last is kept there too, so a pane opened later still knows its own cells, and the record of the
 * orders placed, by BOM line, so no pane orders a line again without saying it was ordered.
 */
import { type DocumentSettingsLike, removeDocumentSetting, saveDocumentSetting } from '../../addin/document-settings';
import { asOrderRecords } from '../../src/excel/order-record';
import {
  asResultsRecord,
  asSuggestionsUsed,
  type BomChoices,
  asChoices,
  keptResults,
  ORDERS_RECORD_KEY,
  RESULTS_RECORD_KEY,
  storedResults,
  SUGGESTIONS_USED_KEY,
  type WorkbookChoicesStore,
  WORKBOOK_CHOICES_KEY,
} from '../workbook-choices';

export function documentSettingsStore(settings: DocumentSettingsLike): WorkbookChoicesStore {
  const all = (): Record<string, BomChoices> => {
    const value = settings.get(WORKBOOK_CHOICES_KEY);
    return value !== null && typeof value === 'object' ? (value as Record<string, BomChoices>) : {};
  };
  return {
    load(sheet) {
      const hit = all()[sheet];
      return asChoices(hit);
    },
    save: (sheet, choices) =>
      saveDocumentSetting(settings, WORKBOOK_CHOICES_KEY, { ...all(), [sheet]: choices }, 'the column choices'),
    loadResults: () => asResultsRecord(settings.get(RESULTS_RECORD_KEY)),
    saveResults(record) {
      const kept = keptResults(record);
      const what = 'the record of the results it wrote';
      if (kept) return saveDocumentSetting(settings, RESULTS_RECORD_KEY, storedResults(kept), what);
      return settings.get(RESULTS_RECORD_KEY) === null
        ? Promise.resolve()
        : removeDocumentSetting(settings, RESULTS_RECORD_KEY, what);
    },
    loadOrders: () => asOrderRecords(settings.get(ORDERS_RECORD_KEY)),
    saveOrders: (records) =>
      saveDocumentSetting(settings, ORDERS_RECORD_KEY, records, 'the record of the orders placed'),
    loadSuggestionsUsed(sheet) {
      const value = settings.get(SUGGESTIONS_USED_KEY);
      return value !== null && typeof value === 'object'
        ? asSuggestionsUsed((value as Record<string, unknown>)[sheet])
        : [];
    },
    saveSuggestionsUsed(sheet, used) {
      const value = settings.get(SUGGESTIONS_USED_KEY);
      const all =
        value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      return saveDocumentSetting(
        settings,
        SUGGESTIONS_USED_KEY,
        { ...all, [sheet]: asSuggestionsUsed(used) },
        'the suggestions used',
      );
    },
  };
}
