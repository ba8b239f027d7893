/**
 * The BOM flow's reading: the selection read as a BOM (with the choices remembered for its sheet, or as `partsheet
 * price` reads it, the catalog judging the part-number column), read again under other choices, and the results
 * marked stale when the BOM is set otherwise after pricing.
 */
import { countOf, groupedCount } from '../src/text/plural';
import { type CatalogJudge, type ColumnMapping } from '../src/bom';
import { lookupJudge } from '../src/purchase';
import { markRunStale } from '../src/workflows/mark-stale';
import { describeProblem } from './errors';
import type { PaneContext } from './pane-context';
import { mappingHeaders } from './workbook-choices';
import { keptQuantities, quantitiesOf, quantitiesText, sameQuantities, scenarioQuantities } from './quantities';
import { bomView, interpretBom, labelsOf, originsAfter, sheetBomView } from './bom-view';
import { SheetQuestions } from './sheet-choice';
import { selectionChecks } from './selection-checks';
import { MAX_BOARDS_IN_PANE, type BomView, type PricingView } from './pane-state';
import { countListText } from '../src/text/count-list';

export class BomReading {
  /** Whether the selection's sheet is the BOM: what is asked, and the sheets kept by the buyer. */
  readonly sheetQuestions = new SheetQuestions();

  constructor(private readonly pane: PaneContext) {}

  useSelection = async (): Promise<void> => {
    const { pane } = this;
    if (pane.state.phase !== 'idle') return;
    pane.set({ phase: 'reading' });
    try {
      const selection = await pane.services.book.readSelection();
      const view = await this.selectionView(selection);
      // Whether another sheet is the BOM, by the CLI's rule: asked in the mapping step, never chosen in silence.
      const sheetQuestion = await this.sheetQuestions.ask(pane.services.book, selection.sheet);
      pane.set({
        bom: sheetQuestion ? { ...view, sheetQuestion } : view,
        pricing: null,
        notices: pane.state.notices.filter((n) => n.intent !== 'error' && n.kind !== 'selection'),
      });
      const left = await selectionChecks(pane.services.book, view, pane.lastResults);
      // What the range leaves out, said once: the first thing as the title, all of them in the text.
      if (left.length > 0)
        pane.notices.notice({
          ...left[0],
          text: left.map((n) => (left.length > 1 ? `${n.title.replace(/[^?.]$/, '$&.')} ${n.text}` : n.text)).join(' '),
        });
    } catch (e) {
      pane.notices.problem(e);
    } finally {
      pane.set({ phase: 'idle' });
    }
  };

  /** Cells read as the BOM, with the choices remembered for their sheet. */
  async selectionView(selection: Parameters<typeof bomView>[0]): Promise<BomView> {
    const saved = this.pane.services.workbook.load(selection.sheet);
    const boards =
      saved && Number.isInteger(saved.boards) && saved.boards >= 1 ? saved.boards : (this.pane.state.bom?.boards ?? 1);
    // The columns the buyer chose for this sheet win, where they still fit its header; otherwise the columns as
    // `partsheet price` reads them: where two could hold the part numbers, the catalog judges.
    const view = await sheetBomView(selection, saved, boards, () => this.catalogJudge());
    // The list of quantities the sheet was left comparing comes back with its boards.
    const quantities = saved && view.boards === saved.boards ? keptQuantities(saved, MAX_BOARDS_IN_PANE) : undefined;
    return quantities ? { ...view, quantities } : view;
  }

  /** The catalog as judge of the part-number column, through the lookups the BOM is priced with; none without one. */
  async catalogJudge(): Promise<CatalogJudge | undefined> {
    try {
      return lookupJudge(await this.pane.services.getScheduler());
    } catch {
      return undefined;
    }
  }

  async remember(view: BomView): Promise<void> {
    if (!view.read) return;
    try {
      await this.pane.services.workbook.save(view.location.sheet, {
        address: view.address,
        mapping: view.mapping,
        headers: mappingHeaders(
          view.mapping,
          view.columns.map((c) => c.header),
          view.read.headerRow !== null,
        ),
        boards: view.boards,
        ...(scenarioQuantities(view) ? { quantities: scenarioQuantities(view)! } : {}),
        ...(view.origins ? { origins: view.origins } : {}),
      });
    } catch (e) {
      this.pane.notices.notify('warning', 'Choices not remembered', describeProblem(e).text);
    }
  }

  reinterpret(
    mapping: ColumnMapping,
    boards: number,
    headerChoice = this.pane.state.bom?.headerChoice,
    before = this.pane.state.bom?.read,
  ): BomView | null {
    const bom = this.pane.state.bom;
    if (!bom) return null;
    // No part-number column, but distributors' numbers: the BOM is read as detected, each line by its own number.
    const byDistributor = mapping.partNumber === undefined && (bom.read?.supplierColumns.length ?? 0) > 0;
    const { read, error } =
      mapping.partNumber === undefined && !byDistributor
        ? { read: null, error: 'Choose the column that holds the manufacturer part numbers.' }
        : interpretBom(bom.cells, bom.location, byDistributor ? null : mapping, headerChoice, bom.variant, before);
    const view: BomView = {
      ...bom,
      read,
      readError: error,
      mapping: read ? { ...read.mapping } : { ...mapping },
      origins: originsAfter(read, bom),
      boards,
      location: { ...bom.location, headerRow: read?.headerRow ?? bom.location.headerRow },
      columns: read ? labelsOf(bom.cells, read, bom.location.columnIndex) : bom.columns,
      ...(headerChoice !== undefined ? { headerChoice } : {}),
    };
    this.pane.set({ bom: view, pricing: this.staled(bom, view) });
    return view;
  }

  /**
   * The results once the BOM is set otherwise (boards, columns, header): kept, marked stale in the pane and in the
   * sheet's Status column, until the BOM is priced again.
   */
  staled(before: BomView, after: BomView): PricingView | null {
    const { pane } = this;
    const pricing = pane.state.pricing;
    if (!pricing) return null;
    const same =
      JSON.stringify(before.mapping) === JSON.stringify(after.mapping) &&
      before.location.headerRow === after.location.headerRow;
    // The list of quantities compared counts as the boards do: the Scenarios the run wrote are for the list it had.
    const pricedFor = pricing.scenarios ? pricing.scenarios.quantities.map((q) => q.boards) : [pricing.boards];
    const sameList = sameQuantities(pricedFor, quantitiesOf(after));
    if (same && after.boards === pricing.boards && sameList) return pricing;
    const boards = (n: number) => countOf(n, 'board');
    const why = !same
      ? 'priced with other column choices'
      : after.boards !== pricing.boards
        ? `priced for ${boards(pricing.boards)}, Boards now says ${groupedCount(after.boards)}`
        : `priced for ${quantitiesText(pricedFor)}, Boards now says ${countListText(quantitiesOf(after))}`;
    if (pricing.resultsAddress) {
      const run = { ...pricing, location: before.location, resultsAddress: pricing.resultsAddress };
      pane.queueWrite(async () => {
        const record = await markRunStale(pane.services.book, run, pane.lastResults, `${why}; price again`);
        if (record) await pane.keepResults(record);
      });
    }
    return { ...pricing, staleReason: `These results were ${why}.` };
  }
}
