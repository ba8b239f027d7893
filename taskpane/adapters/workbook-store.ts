/**
 * The workbook choices (taskpane/workbook-choices.ts) kept in the workbook's own document settings, through the
 * shared runtime's document-settings helper: the one place the pane reaches addin/ for them.
 */
import { type DocumentSettingsLike, saveDocumentSetting } from '../../addin/document-settings';
import { type BomChoices, type WorkbookChoicesStore, WORKBOOK_CHOICES_KEY, isChoices } from '../workbook-choices';

export function documentSettingsStore(settings: DocumentSettingsLike): WorkbookChoicesStore {
  const all = (): Record<string, BomChoices> => {
    const value = settings.get(WORKBOOK_CHOICES_KEY);
    return value !== null && typeof value === 'object' ? (value as Record<string, BomChoices>) : {};
  };
  return {
    load(sheet) {
      const hit = all()[sheet];
      return isChoices(hit) ? hit : null;
    },
    save: (sheet, choices) => saveDocumentSetting(settings, WORKBOOK_CHOICES_KEY, { ...all(), [sheet]: choices }, 'the column choices'),
  };
}
