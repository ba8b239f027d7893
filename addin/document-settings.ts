/**
 * The workbook's own document settings (Office.context.document.settings): values that travel with the file.
 * Used for per-workbook choices and the record of the results the pane wrote last (taskpane/adapters/workbook-store.ts) and for the time the PARTS values were looked up
 * (addin/prices-stamp.ts). Credentials never go here.
 */

/** The part of Office.Settings used. */
export interface DocumentSettingsLike {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(callback?: (result: { status: unknown; error?: { message?: string } | null }) => void): void;
}

/** Sets `name` and saves the settings into the document; rejects with `what` and Office's reason when it fails. */
export function saveDocumentSetting(
  settings: DocumentSettingsLike,
  name: string,
  value: unknown,
  what: string,
): Promise<void> {
  settings.set(name, value);
  return saveSettings(settings, what);
}

/** Removes `name` and saves the settings into the document; rejects as saveDocumentSetting does. */
export function removeDocumentSetting(settings: DocumentSettingsLike, name: string, what: string): Promise<void> {
  settings.remove(name);
  return saveSettings(settings, what);
}

function saveSettings(settings: DocumentSettingsLike, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    settings.saveAsync((result) => {
      if (result.status === 'failed' || result.status === 'Failed' || result.error) {
        reject(new Error(`The workbook did not keep ${what}: ${result.error?.message ?? 'unknown reason'}`));
      } else resolve();
    });
  });
}
