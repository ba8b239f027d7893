/**
 * The task pane's pricing controller: PaneBase (reading, notices, the pricing run) and the user's choices over it:
 * the columns, the header row and the boards, a part picked for an ambiguous line, a replacement, a pinned offer.
 */
import { plural } from '../src/text/plural';
import { BOM_FIELDS, type BomField, type ColumnMapping, mapColumns, replacementText } from '../src/bom';
import { type PartCandidate, type PricedBomLine, type SuggestionUsed } from '../src/bom/price-lines';
import { PRICED_BOM_HEADERS } from '../src/bom/layout';
import { fullAddress, parseAddress } from '../src/excel/address';
import { appendBomColumn, locationAddress } from '../src/excel/bom-columns';
import { fingerprintRow } from '../src/excel/own-cells';
import type { Offer, Part } from '../src/catalog/model';
import type { PlanOptions } from '../src/plan/plan';
import { quotePart } from '../src/plan/quote';
import { userCurrency } from '../src/pricing/rates';
import { type ReadCell, WorkbookError } from '../src/excel/workbook-port';
import { writeResultsHeader } from '../src/excel/priced-sheet';
import { describeProblem } from './errors';
import { MAX_SUGGESTIONS_USED } from './workbook-choices';
import { bomView, interpretBom, judgedRead, originsAfter } from './bom-view';
import {
  REPLACEMENT_HEADER,
  PINNED_OFFER_HEADER,
  MAX_BOARDS_IN_PANE,
  type BomView,
  type FoundPart,
} from './pane-state';
import { PaneBase } from './pane-base';
import { EditWatch } from './edit-watch';

export * from './pane-state';
export { unreadableRecords } from './run-notices';

export class PaneController extends PaneBase {
  /** The results marked stale when the user changes the BOM's cells after pricing (edit-watch.ts). */
  readonly edits = new EditWatch(
    this.services.book,
    this,
    (edited) => {
      if (this.state.pricing) this.set({ pricing: { ...this.state.pricing, edited } });
    },
    (e) =>
      this.notice({
        intent: 'warning',
        title: 'Edits not followed',
        text: `Cells of the BOM changed from now on will not mark these results stale: ${describeProblem(e).text}`,
      }),
  );

  /** The user says which row is the header (null: the BOM has none); the columns are mapped again from it. */
  setHeaderRow = async (row: number | null): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    // The columns under the new header chosen as `partsheet price` chooses them: the catalog judges where two could do.
    const read = await judgedRead(bom.cells, bom.location.rowIndex, bom.boards, row, await this.catalogJudge());
    // Another selection read, or a run begun, meanwhile: that stands.
    if (this.state.bom !== bom || this.state.phase !== 'idle') return;
    let mapping: ColumnMapping;
    if (read && read.mapping.partNumber !== undefined) mapping = read.mapping;
    else {
      // The new header names no part-number column (the rows were read as lines without one, or not at all):
      // keep the user's, and take what else the header names.
      mapping = { ...bom.mapping };
      const taken = new Set(Object.values(mapping));
      const named = row === null ? {} : mapColumns(bom.cells[row] ?? []);
      for (const field of BOM_FIELDS) {
        const c = named[field];
        if (mapping[field] === undefined && c !== undefined && !taken.has(c)) {
          mapping[field] = c;
          taken.add(c);
        }
      }
    }
    const view = this.reinterpret(mapping, bom.boards, row, read);
    if (view) void this.remember(view);
  };

  /** The user chooses the build variant to read (null: every line fitted), where the BOM marks variants. */
  setVariant = (variant: string | null): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const { variant: _, ...rest } = bom;
    this.set({ bom: variant === null ? rest : { ...rest, variant } });
    this.reinterpret(bom.mapping, bom.boards);
  };

  /** The user maps a field to a column (or to none). */
  setMapping = (field: BomField, column: number | null): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const mapping: ColumnMapping = {};
    for (const f of BOM_FIELDS) {
      const c = f === field ? (column ?? undefined) : bom.mapping[f];
      if (c !== undefined && !(f !== field && c === column)) mapping[f] = c;
    }
    const view = this.reinterpret(mapping, bom.boards);
    if (view) void this.remember(view);
  };

  setBoards = (boards: number): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || !Number.isInteger(boards) || boards < 1 || boards > MAX_BOARDS_IN_PANE)
      return;
    const view = this.reinterpret(bom.mapping, boards);
    if (view) void this.remember(view);
  };

  /**
   * Boards gives several quantities (or one again): they are compared at the next pricing. The quantity the BOM sheet
   * is written for stays when it is one of them, else it becomes the first written.
   */
  setQuantities = (quantities: readonly number[], first: number): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || quantities.length === 0) return;
    if (!quantities.every((q) => Number.isInteger(q) && q >= 1 && q <= MAX_BOARDS_IN_PANE)) return;
    const list = quantities.length > 1 ? [...quantities].sort((a, b) => a - b) : undefined;
    const chosen = list && list.includes(bom.boards) ? bom.boards : list ? first : quantities[0];
    const view: BomView = { ...bom, ...(list ? { quantities: list } : { quantities: undefined }) };
    if (chosen !== bom.boards) {
      this.set({ bom: view });
      this.setBoards(chosen);
      return;
    }
    // The same quantity for the BOM sheet, another list: the results (and their Scenarios) are stale, and the sheet
    // remembers the list.
    this.set({ bom: view, pricing: this.staled(bom, view) });
    void this.remember(view);
  };

  /**
   * The quantity the BOM sheet is written for and ordered from, among the scenarios. Once priced, the BOM sheet, its
   * total, the Summary and the Scenarios sheets are written again for it, from the prices the lookup cached.
   */
  chooseQuantity = async (boards: number): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || !bom.quantities?.includes(boards) || boards === bom.boards) return;
    const pricing = this.state.pricing;
    if (!pricing || !pricing.scenarios || pricing.staleReason) {
      this.setBoards(boards);
      return;
    }
    const { read, error } = interpretBom(
      bom.cells,
      bom.location.rowIndex,
      bom.mapping,
      boards,
      bom.headerChoice,
      bom.variant,
      bom.read,
    );
    const view: BomView = { ...bom, read, readError: error, boards, origins: originsAfter(read, bom) };
    this.set({ bom: view });
    void this.remember(view);
    await this.price('stale');
  };

  /**
   * The buyer answers the question about the selection's sheet (BomView.sheetQuestion): 'other' reads the sheet
   * offered, its used range as the selection, and shows it in Excel; 'keep' keeps what was read and is not asked
   * again about that sheet while the pane is open.
   */
  answerSheet = async (answer: 'other' | 'keep'): Promise<void> => {
    const bom = this.state.bom;
    const question = bom?.sheetQuestion;
    if (!bom || !question || this.state.phase !== 'idle') return;
    if (answer === 'keep') {
      this.sheetQuestions.keep(question.selected);
      this.set({ bom: { ...bom, sheetQuestion: undefined } });
      return;
    }
    this.set({ phase: 'reading' });
    try {
      const read = await this.services.book.readUsedRange(question.other);
      if (!read) throw new WorkbookError('empty', `The sheet "${question.other}" holds nothing now.`);
      const view = await this.selectionView({
        ...read,
        selectedAddress: read.address,
        source: 'selection',
        tableName: null,
      });
      this.set({ bom: view, pricing: null, notices: this.state.notices.filter((n) => n.intent !== 'error') });
      const { sheet, rowIndex: row, columnIndex: column, rowCount: rows, columnCount: columns } = read;
      await this.services.book.select({ sheet, row, column, rows, columns }).catch(() => undefined);
    } catch (e) {
      this.problem(e);
    } finally {
      this.set({ phase: 'idle' });
    }
  };

  /**
   * Gives results written without a header row their header: inserts one whole sheet row above the BOM (everything
   * from its first row down moves down one row, so no cell is written over), moves what the pane keeps of the BOM's
   * place down with it (its location, address and selection, the workbook's remembered address, the results' block),
   * writes the column names in the new row, then prices again from the cache so every row number the sheet and the
   * pane show (Status notes, "Price breaks", the Summary) is the new one.
   */
  insertHeaderRow = async (): Promise<void> => {
    const bom = this.state.bom;
    const pricing = this.state.pricing;
    if (!bom || !pricing?.headerless || !pricing.resultsAddress || this.state.phase !== 'idle') return;
    const sheet = bom.location.sheet;
    const at = bom.location.rowIndex;
    this.set({ phase: 'writing' });
    try {
      await this.services.book.insertRows(sheet, at, 1);
      const down = (address: string): string => {
        const block = parseAddress(address, sheet);
        return block.sheet.toLowerCase() === sheet.toLowerCase() && block.row >= at
          ? fullAddress({ ...block, row: block.row + 1 })
          : address;
      };
      const moved: BomView = {
        ...bom,
        location: { ...bom.location, rowIndex: at + 1 },
        address: down(bom.address),
        selectedAddress: down(bom.selectedAddress),
      };
      const results = parseAddress(down(pricing.resultsAddress), sheet);
      this.set({
        bom: moved,
        pricing: {
          ...pricing,
          firstRowNumber: pricing.firstRowNumber + 1,
          resultsAddress: fullAddress(results),
          headerless: '',
        },
        notices: this.state.notices.filter((n) => n.kind !== 'header'),
      });
      await this.remember(moved);
      // The row inserted is the one above the moved results: their header goes there, beside nothing of the BOM's.
      await writeResultsHeader(this.services.book, results.sheet, results.row - 1, results.column);
      const withHeader = fullAddress({ ...results, row: results.row - 1, rows: results.rows + 1 });
      if (this.lastResults?.address === pricing.resultsAddress) {
        await this.keepResults({
          address: withHeader,
          cells: [fingerprintRow(PRICED_BOM_HEADERS), ...this.lastResults.cells],
          ...(this.lastResults.plans ? { plans: [null, ...this.lastResults.plans] } : {}),
        });
      }
      this.set({ pricing: this.state.pricing ? { ...this.state.pricing, resultsAddress: withHeader } : null });
      this.notify(
        'success',
        `Row ${at + 1} inserted for the header`,
        `The BOM is now ${moved.address}; the results' column names are in row ${at + 1}.`,
        undefined,
        'choice',
      );
    } catch (e) {
      this.problem(e);
      return;
    } finally {
      this.set({ phase: 'idle' });
    }
    await this.price('stale');
  };

  /** Writes the chosen part number (and manufacturer) into the BOM row, then prices again from the cache. */
  pick = async (line: PricedBomLine, candidate: PartCandidate): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || bom.mapping.partNumber === undefined) return;
    const row = bom.location.rowIndex + line.row;
    const writes = [{ row, column: bom.location.columnIndex + bom.mapping.partNumber, value: candidate.partNumber }];
    if (bom.mapping.manufacturer !== undefined && candidate.manufacturer) {
      writes.push({ row, column: bom.location.columnIndex + bom.mapping.manufacturer, value: candidate.manufacturer });
    }
    try {
      await this.services.book.writeCells(bom.location.sheet, writes);
      const what = candidate.manufacturer
        ? `${candidate.partNumber} (${candidate.manufacturer})`
        : candidate.partNumber;
      if (bom.mapping.manufacturer === undefined && candidate.manufacturer) {
        this.notify(
          'warning',
          `Row ${row + 1} now reads ${candidate.partNumber}`,
          `There is no manufacturer column, so "${candidate.manufacturer}" was not written; map one to make the choice exact.`,
          undefined,
          'choice',
        );
      } else {
        this.notify(
          'success',
          `Row ${row + 1} now reads ${what}`,
          'Priced again with your choice.',
          undefined,
          'choice',
        );
      }
    } catch (e) {
      this.problem(e);
      return;
    }
    await this.price('stale');
  };

  /** Shows a line in the sheet: selects its BOM cells and the results beside them. */
  selectLine = async (line: PricedBomLine): Promise<void> => {
    const bom = this.state.bom;
    if (!bom) return;
    const results = this.state.pricing?.resultsAddress
      ? parseAddress(this.state.pricing.resultsAddress, bom.location.sheet)
      : null;
    const left = bom.location.columnIndex;
    const right =
      results && results.sheet === bom.location.sheet
        ? results.column + results.columns
        : left + bom.location.columnCount;
    try {
      await this.services.book.select({
        sheet: bom.location.sheet,
        row: bom.location.rowIndex + line.row,
        column: left,
        rows: 1,
        columns: right - left,
      });
    } catch (e) {
      this.problem(e);
    }
  };

  /**
   * Parts whose number starts with `token` (the item service's token search), each with what the plan would pay
   * for `need` of it in the user's currency, at rates learned as for a run. Rejects with the service's error.
   */
  searchParts = async (token: string, need: number, signal?: AbortSignal): Promise<FoundPart[]> => {
    const parts = await this.services.searchParts(token.trim(), { signal });
    const plan = this.state.pricing?.plan;
    const currency = plan?.rates.base ?? userCurrency(this.state.settings?.currency);
    const rates = await (await this.services.getRateBook()).tableFor(currency, parts, signal);
    const options: PlanOptions = { ...plan, rates };
    return parts.map((part) => ({ part, quote: quotePart(part, Math.max(1, need), options) }));
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
    let bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return false;
    try {
      if (bom.mapping[field] === undefined) {
        const location = await appendBomColumn(this.services.book, bom.location, header);
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
        await this.keepResults(null);
        this.set({ bom, pricing: this.state.pricing ? { ...this.state.pricing, resultsAddress: null } : null });
        await this.remember(bom);
      }
      const column = bom.location.columnIndex + bom.mapping[field]!;
      await this.services.book.writeCells(
        bom.location.sheet,
        rows.map((row) => ({ row: bom!.location.rowIndex + row, column, value })),
      );
      return true;
    } catch (e) {
      this.problem(e);
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
    const row = (this.state.bom?.location.rowIndex ?? 0) + line.row + 1;
    const sheet = this.state.bom?.location.sheet ?? '';
    // With its maker, so a part number that several makers use is still one part (see splitReplacement).
    const text = replacementText(partNumber, maker);
    if (!(await this.writeChoice('replacement', REPLACEMENT_HEADER, [line.row], text))) return false;
    if (suggestion !== undefined)
      await this.recordSuggestion(sheet, { partNumber: line.partNumber, replacement: text, note: suggestion });
    const what =
      suggestion !== undefined
        ? `suggestion ${text} used for ${line.partNumber}`
        : `${text} replaces ${line.partNumber}`;
    this.notify(
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
    const kept = this.suggestionsUsed(sheet).filter(
      (u) => u.partNumber.trim().toUpperCase() !== used.partNumber.trim().toUpperCase(),
    );
    const list = [...kept, used].slice(-MAX_SUGGESTIONS_USED);
    this.usedHere.set(sheet, list);
    try {
      await this.services.workbook.saveSuggestionsUsed?.(sheet, list);
    } catch (e) {
      this.notify(
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
    const pricing = this.state.pricing;
    const bom = this.state.bom;
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
      this.notify(
        'success',
        `${where}: offer ${offer.sourcePartId} pinned`,
        `From ${offer.sourceCode || offer.sourceName}; written in the "${PINNED_OFFER_HEADER}" column, and the plan buys it${effect ? ` (${effect})` : ''}. Priced again.`,
        undefined,
        'choice',
      );
    } else {
      this.notify(
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

export const FIELD_LABELS: Record<BomField, string> = {
  partNumber: 'Part number',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity per board',
  designators: 'Designators',
  description: 'Description',
  dnp: 'Do not place (DNP)',
  offer: 'Pinned offer (item id)',
  replacement: 'Replacement part number',
};
