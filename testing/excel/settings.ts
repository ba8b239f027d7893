/** The in-memory workbook's document settings. */

/** Document settings as `Office.context.document.settings` keeps them: in the workbook file. */
export class MemoryDocumentSettings {
  private readonly saved = new Map<string, string>();
  private readonly pending = new Map<string, string | null>();
  saves = 0;

  get(name: string): unknown {
    const value = this.pending.has(name) ? this.pending.get(name) : this.saved.get(name);
    return value === undefined || value === null ? null : JSON.parse(value);
  }

  set(name: string, value: unknown): void {
    this.pending.set(name, JSON.stringify(value));
  }

  remove(name: string): void {
    this.pending.set(name, null);
  }

  saveAsync(callback?: (result: { status: 'succeeded' | 'failed'; error?: { message: string } }) => void): void {
    for (const [name, value] of this.pending) {
      if (value === null) this.saved.delete(name);
      else this.saved.set(name, value);
    }
    this.pending.clear();
    this.saves++;
    const done = () => callback?.({ status: 'succeeded' });
    queueMicrotask(done);
  }

  /** What the file holds (saved settings only). */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of this.saved) out[name] = JSON.parse(value);
    return out;
  }
}
