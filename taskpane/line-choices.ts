/**
 * The buyer's choices for one line of the priced BOM: a part picked for an ambiguous line, a replacement (written in
 * the pane's own column, never over the BOM's part number), a pinned offer, the line shown in the sheet, a part
 * searched for. Each written choice prices the BOM again from the cache.
 */
import { plural } from '../src/text/plural';
import { replacementText } from '../src/purchase';
import { type PartCandidate, type PricedBomLine, type SuggestionUsed } from '../src/purchase/price-lines';
import { parseAddress } from '../src/excel/address';
import { appendBomColumn, locationAddress } from '../src/excel/bom-columns';
import type { Offer, Part } from '../src/catalog/model';
import { userCurrency } from '../src/pricing/rates';
import { type ReadCell } from '../src/excel/workbook-port';
import { describeProblem } from './errors';
import { MAX_SUGGESTIONS_USED } from './workbook-choices';
import type { PaneContext } from './pane-context';
import type { BomReading } from './bom-reading';
import { bomView } from './bom-view';
import { REPLACEMENT_HEADER, PINNED_OFFER_HEADER } from './pane-state';
import { type QuotedPart, quoteParts } from '../src/workflows/quotes';

export class LineChoices {
  constructor(
    private readonly pane: PaneContext,
    private readonly reading: BomReading,
    private readonly price: (mode: 'stale') => Promise<void>,
  ) {}

  /** Writes the chosen part number (and manufacturer) into the BOM row, then prices again from the cache. */
  pick = async (line: PricedBomLine, candidate: PartCandidate): Promise<void> => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle' || bom.mapping.partNumber === undefined) return;
    const row = bom.location.rowIndex + line.row;
    const writes = [{ row, column: bom.location.columnIndex + bom.mapping.partNumber, value: candidate.partNumber }];
    if (bom.mapping.manufacturer !== undefined && candidate.manufacturer) {
      writes.push({ row, column: bom.location.columnIndex + bom.mapping.manufacturer, value: candidate.manufacturer });
    }
    try {
      await this.pane.services.book.writeCells(bom.location.sheet, writes);
      const what = candidate.manufacturer
        ? `${candidate.partNumber} (${candidate.manufacturer})`
        : candidate.partNumber;
      if (bom.mapping.manufacturer === undefined && candidate.manufacturer) {
        this.pane.notices.notify(
          'warning',
          `Row ${row + 1} now reads ${candidate.partNumber}`,
          `There is no manufacturer column, so "${candidate.manufacturer}" was not written; map one to make the choice exact.`,
          undefined,
          'choice',
        );
      } else {
        this.pane.notices.notify(
          'success',
          `Row ${row + 1} now reads ${what}`,
          'Priced again with your choice.',
          undefined,
          'choice',
        );
      }
    } catch (e) {
      this.pane.notices.problem(e);
      return;
    }
    await this.price('stale');
  };

  /** Shows a line in the sheet: selects its BOM cells and the results beside them. */
  selectLine = async (line: PricedBomLine): Promise<void> => {
    const bom = this.pane.state.bom;
    if (!bom) return;
    const results = this.pane.state.pricing?.resultsAddress
      ? parseAddress(this.pane.state.pricing.resultsAddress, bom.location.sheet)
      : null;
    const left = bom.location.columnIndex;
    const right =
      results && results.sheet === bom.location.sheet
        ? results.column + results.columns
        : left + bom.location.columnCount;
    try {
      await this.pane.services.book.select({
        sheet: bom.location.sheet,
        row: bom.location.rowIndex + line.row,
        column: left,
        rows: 1,
        columns: right - left,
      });
    } catch (e) {
      this.pane.notices.problem(e);
    }
  };

  /**
   * Parts whose number starts with `token` (the item service's token search), each with what the plan would pay
   * for `need` of it in the user's currency, at rates learned as for a run. Rejects with the service's error.
   */
  searchParts = async (token: string, need: number, signal?: AbortSignal): Promise<QuotedPart[]> => {
    const parts = await this.pane.services.searchParts(token.trim(), { signal });
    const plan = this.pane.state.pricing?.plan;
    const currency = plan?.rates.base ?? userCurrency(this.pane.state.settings?.currency);
    return quoteParts(parts, need, plan, currency, await this.pane.services.getRateBook(), signal);
  };

  /**
   * Writes `value` on the line's row in the pane's own column for `field`, adding the column right of the BOM
   * when the BOM has none (see src/excel/bom-columns.ts). Returns the sheet row number, or null when not written.
   */
  private async writeChoice(
    field: 'offer' | 'replacement',
    header: string,
    rows: readonly number[],
    value: string,
  ): Promise<boolean> {
    let bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle') return false;
    try {
      if (bom.mapping[field] === undefined) {
        // The results' stale marks queued before are written, and recorded, before the results beside it are cleared.
        await this.pane.writesDone();
        const location = await appendBomColumn(this.pane.services.book, bom.location, header, this.pane.lastResults);
        const width = bom.location.columnCount;
        const cells = bom.cells.map((row, r) => [
          ...row,
          ...new Array<ReadCell>(Math.max(0, width - row.length)).fill(''),
          r === bom!.location.headerRow ? header : '',
        ]);
        const grown = bomView(
          {
            ...location,
            address: locationAddress(location),
            values: cells,
            blocks: 0,
            selectedAddress: bom.selectedAddress,
            source: bom.source,
            tableName: bom.tableName,
          },
          { ...bom.mapping, [field]: width },
          bom.boards,
          bom.remembered,
          bom.headerChoice,
          bom.variant,
          { read: null, mapping: bom.mapping, origins: bom.origins },
        );
        if (!grown.read) throw new Error(grown.readError ?? `The "${header}" column could not be read.`);
        bom = grown;
        // appendBomColumn cleared the pane's results beside the BOM: there is nothing of them left to know.
        await this.pane.keepResults(null);
        this.pane.set({
          bom,
          pricing: this.pane.state.pricing ? { ...this.pane.state.pricing, resultsAddress: null } : null,
        });
        await this.reading.remember(bom);
      }
      const column = bom.location.columnIndex + bom.mapping[field]!;
      await this.pane.services.book.writeCells(
        bom.location.sheet,
        rows.map((row) => ({ row: bom!.location.rowIndex + row, column, value })),
      );
      return true;
    } catch (e) {
      this.pane.notices.problem(e);
      return false;
    }
  }

  /** Writes the chosen replacement into the "Replacement MPN" column (never over the BOM's part number), then prices again. */
  replace = async (line: PricedBomLine, part: Part): Promise<void> => {
    await this.replaceWith(line, part.partNumber, part.manufacturerName || part.manufacturerCode);
  };

  /**
   * Writes `partNumber` (with its maker) as the line's replacement, as `replace` does; `suggestion` (what the Status
   * says of it: its match class) records that it came from the Suggestions view, so its Status says "suggestion … for
   * …". Prices again; false when nothing was written.
   */
  replaceWith = async (
    line: PricedBomLine,
    partNumber: string,
    maker: string,
    suggestion?: string,
  ): Promise<boolean> => {
    const row = (this.pane.state.bom?.location.rowIndex ?? 0) + line.row + 1;
    const sheet = this.pane.state.bom?.location.sheet ?? '';
    // With its maker, so a part number that several makers use is still one part (see splitReplacement).
    const text = replacementText(partNumber, maker);
    if (!(await this.writeChoice('replacement', REPLACEMENT_HEADER, [line.row], text))) return false;
    if (suggestion !== undefined)
      await this.recordSuggestion(sheet, { partNumber: line.partNumber, replacement: text, note: suggestion });
    const what =
      suggestion !== undefined
        ? `suggestion ${text} used for ${line.partNumber}`
        : `${text} replaces ${line.partNumber}`;
    this.pane.notices.notify(
      'success',
      `Row ${row}: ${what}`,
      `Written in the "${REPLACEMENT_HEADER}" column; ${line.partNumber} stays as the BOM gives it. Priced again.`,
      undefined,
      'choice',
    );
    await this.price('stale');
    return true;
  };

  private async recordSuggestion(sheet: string, used: SuggestionUsed): Promise<void> {
    // One record per line's part number: a later suggestion used for it replaces the earlier.
    const kept = this.pane
      .suggestionsUsed(sheet)
      .filter((u) => u.partNumber.trim().toUpperCase() !== used.partNumber.trim().toUpperCase());
    const list = [...kept, used].slice(-MAX_SUGGESTIONS_USED);
    this.pane.usedHere.set(sheet, list);
    try {
      await this.pane.services.workbook.saveSuggestionsUsed?.(sheet, list);
    } catch (e) {
      this.pane.notices.notify(
        'warning',
        'Suggestion not remembered in the workbook',
        `${describeProblem(e).text} Its Status says "replacement" once the pane is opened again.`,
      );
    }
  }

  /**
   * Pins an offer (null: none) for the line and every other line of the same part, so the part is still bought
   * once: the sourcePartId goes into the "Pinned offer" column, then the BOM is priced again with it.
   */
  pin = async (line: PricedBomLine, offer: Offer | null, effect = ''): Promise<void> => {
    const pricing = this.pane.state.pricing;
    const bom = this.pane.state.bom;
    if (!pricing || !bom) return;
    const rows = pricing.lines
      .filter(
        (l) =>
          l.row === line.row ||
          (line.matchedPart !== null && l.part && line.part && l.part.itemId === line.part.itemId),
      )
      .map((l) => l.row);
    if (!(await this.writeChoice('offer', PINNED_OFFER_HEADER, rows, offer ? offer.sourcePartId : ''))) return;
    const numbers = rows.map((r) => r + bom.location.rowIndex + 1).join(', ');
    const where = `${plural(rows.length, 'Row', 'Rows')} ${numbers}`;
    if (offer) {
      this.pane.notices.notify(
        'success',
        `${where}: offer ${offer.sourcePartId} pinned`,
        `From ${offer.sourceCode || offer.sourceName}; written in the "${PINNED_OFFER_HEADER}" column, and the plan buys it${effect ? ` (${effect})` : ''}. Priced again.`,
        undefined,
        'choice',
      );
    } else {
      this.pane.notices.notify(
        'success',
        `${where}: pin removed`,
        'The plan chooses the offer again. Priced again.',
        undefined,
        'choice',
      );
    }
    await this.price('stale');
  };
}
