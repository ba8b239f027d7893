/**
 * The buyer's choices over the BOM read: its columns, its header row, its variant, the boards or the list of
 * quantities compared, the sheet it is on, a header row inserted above it. Each reads the BOM again (BomReading)
 * and, where the results no longer fit, marks them stale or prices again from the cache.
 */
import { BOM_FIELDS, type BomField, type ColumnMapping, mapColumns } from '../src/bom';
import { PRICED_BOM_HEADERS } from '../src/purchase/priced-layout';
import { fullAddress, parseAddress } from '../src/excel/address';
import { fingerprintRow } from '../src/excel/own-cells';
import { WorkbookError } from '../src/excel/workbook-port';
import { writeResultsHeader } from '../src/excel/priced-sheet';
import type { PaneContext } from './pane-context';
import type { BomReading } from './bom-reading';
import { interpretBom, judgedRead, originsAfter } from './bom-view';
import { MAX_BOARDS_IN_PANE, type BomView } from './pane-state';

export class BomChoices {
  constructor(
    private readonly pane: PaneContext,
    private readonly reading: BomReading,
    private readonly price: (mode: 'stale') => Promise<void>,
  ) {}

  /** The user says which row is the header (null: the BOM has none); the columns are mapped again from it. */
  setHeaderRow = async (row: number | null): Promise<void> => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle') return;
    // The columns under the new header chosen as `partsheet price` chooses them: the catalog judges where two could do.
    const read = await judgedRead(bom.cells, bom.location, row, await this.reading.catalogJudge());
    // Another selection read, or a run begun, meanwhile: that stands.
    if (this.pane.state.bom !== bom || this.pane.state.phase !== 'idle') return;
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
    const view = this.reading.reinterpret(mapping, bom.boards, row, read);
    if (view) void this.reading.remember(view);
  };

  /** The user chooses the build variant to read (null: every line fitted), where the BOM marks variants. */
  setVariant = (variant: string | null): void => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle') return;
    const { variant: _, ...rest } = bom;
    this.pane.set({ bom: variant === null ? rest : { ...rest, variant } });
    this.reading.reinterpret(bom.mapping, bom.boards);
  };

  /** The user maps a field to a column (or to none). */
  setMapping = (field: BomField, column: number | null): void => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle') return;
    const mapping: ColumnMapping = {};
    for (const f of BOM_FIELDS) {
      const c = f === field ? (column ?? undefined) : bom.mapping[f];
      if (c !== undefined && !(f !== field && c === column)) mapping[f] = c;
    }
    const view = this.reading.reinterpret(mapping, bom.boards);
    if (view) void this.reading.remember(view);
  };

  setBoards = (boards: number): void => {
    const bom = this.pane.state.bom;
    if (
      !bom ||
      this.pane.state.phase !== 'idle' ||
      !Number.isInteger(boards) ||
      boards < 1 ||
      boards > MAX_BOARDS_IN_PANE
    )
      return;
    const view = this.reading.reinterpret(bom.mapping, boards);
    if (view) void this.reading.remember(view);
  };

  /**
   * Boards gives several quantities (or one again): they are compared at the next pricing. The quantity the BOM sheet
   * is written for stays when it is one of them, else it becomes the first written.
   */
  setQuantities = (quantities: readonly number[], first: number): void => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle' || quantities.length === 0) return;
    if (!quantities.every((q) => Number.isInteger(q) && q >= 1 && q <= MAX_BOARDS_IN_PANE)) return;
    const list = quantities.length > 1 ? [...quantities].sort((a, b) => a - b) : undefined;
    const chosen = list && list.includes(bom.boards) ? bom.boards : list ? first : quantities[0];
    const view: BomView = { ...bom, ...(list ? { quantities: list } : { quantities: undefined }) };
    if (chosen !== bom.boards) {
      this.pane.set({ bom: view });
      this.setBoards(chosen);
      return;
    }
    // The same quantity for the BOM sheet, another list: the results (and their Scenarios) are stale, and the sheet
    // remembers the list.
    this.pane.set({ bom: view, pricing: this.reading.staled(bom, view) });
    void this.reading.remember(view);
  };

  /**
   * The quantity the BOM sheet is written for and ordered from, among the scenarios. Once priced, the BOM sheet, its
   * total, the Summary and the Scenarios sheets are written again for it, from the prices the lookup cached.
   */
  chooseQuantity = async (boards: number): Promise<void> => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle' || !bom.quantities?.includes(boards) || boards === bom.boards) return;
    const pricing = this.pane.state.pricing;
    if (!pricing || !pricing.scenarios || pricing.staleReason) {
      this.setBoards(boards);
      return;
    }
    const { read, error } = interpretBom(bom.cells, bom.location, bom.mapping, bom.headerChoice, bom.variant, bom.read);
    const view: BomView = { ...bom, read, readError: error, boards, origins: originsAfter(read, bom) };
    this.pane.set({ bom: view });
    void this.reading.remember(view);
    await this.price('stale');
  };

  /**
   * The buyer answers the question about the selection's sheet (BomView.sheetQuestion): 'other' reads the sheet
   * offered, its used range as the selection, and shows it in Excel; 'keep' keeps what was read and is not asked
   * again about that sheet while the pane is open.
   */
  answerSheet = async (answer: 'other' | 'keep'): Promise<void> => {
    const bom = this.pane.state.bom;
    const question = bom?.sheetQuestion;
    if (!bom || !question || this.pane.state.phase !== 'idle') return;
    if (answer === 'keep') {
      this.reading.sheetQuestions.keep(question.selected);
      this.pane.set({ bom: { ...bom, sheetQuestion: undefined } });
      return;
    }
    this.pane.set({ phase: 'reading' });
    try {
      const read = await this.pane.services.book.readUsedRange(question.other);
      if (!read) throw new WorkbookError('empty', `The sheet "${question.other}" holds nothing now.`);
      const view = await this.reading.selectionView({
        ...read,
        selectedAddress: read.address,
        source: 'selection',
        tableName: null,
      });
      this.pane.set({ bom: view, pricing: null, notices: this.pane.state.notices.filter((n) => n.intent !== 'error') });
      const { sheet, rowIndex: row, columnIndex: column, rowCount: rows, columnCount: columns } = read;
      await this.pane.services.book.select({ sheet, row, column, rows, columns }).catch(() => undefined);
    } catch (e) {
      this.pane.notices.problem(e);
    } finally {
      this.pane.set({ phase: 'idle' });
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
    const bom = this.pane.state.bom;
    const pricing = this.pane.state.pricing;
    if (!bom || !pricing?.headerless || !pricing.resultsAddress || this.pane.state.phase !== 'idle') return;
    const sheet = bom.location.sheet;
    const at = bom.location.rowIndex;
    this.pane.set({ phase: 'writing' });
    try {
      // The results' stale marks queued before are written, and recorded, before rows move under them.
      await this.pane.writesDone();
      await this.pane.services.book.insertRows(sheet, at, 1);
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
      this.pane.set({
        bom: moved,
        pricing: {
          ...pricing,
          firstRowNumber: pricing.firstRowNumber + 1,
          resultsAddress: fullAddress(results),
          headerless: '',
        },
        notices: this.pane.state.notices.filter((n) => n.kind !== 'header'),
      });
      await this.reading.remember(moved);
      // The row inserted is the one above the moved results: their header goes there, beside nothing of the BOM's.
      await writeResultsHeader(this.pane.services.book, results.sheet, results.row - 1, results.column);
      const withHeader = fullAddress({ ...results, row: results.row - 1, rows: results.rows + 1 });
      if (this.pane.lastResults?.address === pricing.resultsAddress) {
        const last = this.pane.lastResults;
        // The rows moved down by the one inserted above them: the record's rows (and its total) with them.
        await this.pane.keepResults({
          address: withHeader,
          cells: [fingerprintRow(PRICED_BOM_HEADERS), ...last.cells],
          ...(last.plans ? { plans: [null, ...last.plans] } : {}),
          ...(last.boards !== undefined ? { boards: last.boards } : {}),
          ...(last.stale ? { stale: last.stale.length > 0 ? ['', ...last.stale] : [] } : {}),
          ...(last.total !== undefined ? { total: last.total && { ...last.total, row: last.total.row + 1 } } : {}),
          ...(last.breaksNote !== undefined ? { breaksNote: last.breaksNote } : {}),
        });
      }
      this.pane.set({
        pricing: this.pane.state.pricing ? { ...this.pane.state.pricing, resultsAddress: withHeader } : null,
      });
      this.pane.notices.notify(
        'success',
        `Row ${at + 1} inserted for the header`,
        `The BOM is now ${moved.address}; the results' column names are in row ${at + 1}.`,
        undefined,
        'choice',
      );
    } catch (e) {
      this.pane.notices.problem(e);
      return;
    } finally {
      this.pane.set({ phase: 'idle' });
    }
    await this.price('stale');
  };
}
