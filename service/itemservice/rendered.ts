/**
 * Rendered parts, kept as JSON text. A part's catalog data never changes once stored (imports add new
 * parts only); its stock does, with every submitted order. Each entry therefore carries the stock it was
 * rendered with and is used only while the store still reports that stock.
 */
export class RenderedParts {
  private readonly entries = new Map<string, { stock: string; json: string }>();

  constructor(private readonly limit = 10_000) {}

  get(key: string, stock: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.stock !== stock) return undefined;
    // Least recently used leaves first: re-insert on use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.json;
  }

  set(key: string, stock: string, json: string): void {
    this.entries.delete(key);
    this.entries.set(key, { stock, json });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
