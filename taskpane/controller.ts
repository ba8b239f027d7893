/**
 * The task pane's BOM flow, without React: use the selection, map its columns, price it through the runtime's
 * scheduler, write the results beside it, list what needs a choice, refresh. Components render `PaneState` and call
 * the actions. The controller is the store the components follow, made of parts that share one PaneContext:
 * BomReading (the selection read as a BOM), PricingRun (the run), BomChoices (columns, header, boards, sheet) and
 * LineChoices (a line's part, replacement or pinned offer); EditWatch marks the results when the BOM's cells change.
 */
import type { BomField } from '../src/bom';
import { describeProblem } from './errors';
import { Store } from './store';
import type { PaneServices } from './services';
import { PaneContext } from './pane-context';
import { BomReading } from './bom-reading';
import { PricingRun } from './pricing-run';
import { BomChoices } from './bom-choices';
import { LineChoices } from './line-choices';
import { EditWatch } from './edit-watch';
import type { PaneState } from './pane-state';

export * from './pane-state';
export { unreadableRecords } from './run-notices';

export class PaneController extends Store<PaneState> {
  private readonly pane: PaneContext;
  private readonly reading: BomReading;
  private readonly run: PricingRun;
  private readonly bomChoices: BomChoices;
  private readonly lineChoices: LineChoices;
  private unsubscribeSettings: (() => void) | null = null;
  /** The results marked stale when the user changes the BOM's cells after pricing (edit-watch.ts). */
  readonly edits: EditWatch;

  // Notices
  readonly notify: PaneContext['notices']['notify'];
  readonly notice: PaneContext['notices']['notice'];
  readonly dismiss: PaneContext['notices']['dismiss'];
  // Reading and pricing
  readonly useSelection: BomReading['useSelection'];
  readonly price: PricingRun['price'];
  readonly cancel: PricingRun['cancel'];
  readonly answerConfirm: PricingRun['answerConfirm'];
  readonly staleLines: PricingRun['staleLines'];
  // The BOM's choices
  readonly setHeaderRow: BomChoices['setHeaderRow'];
  readonly setVariant: BomChoices['setVariant'];
  readonly setMapping: BomChoices['setMapping'];
  readonly setBoards: BomChoices['setBoards'];
  readonly setQuantities: BomChoices['setQuantities'];
  readonly chooseQuantity: BomChoices['chooseQuantity'];
  readonly answerSheet: BomChoices['answerSheet'];
  readonly insertHeaderRow: BomChoices['insertHeaderRow'];
  // A line's choices
  readonly pick: LineChoices['pick'];
  readonly selectLine: LineChoices['selectLine'];
  readonly searchParts: LineChoices['searchParts'];
  readonly replace: LineChoices['replace'];
  readonly replaceWith: LineChoices['replaceWith'];
  readonly pin: LineChoices['pin'];

  constructor(private readonly services: PaneServices) {
    super({
      phase: 'idle',
      progress: null,
      bom: null,
      pricing: null,
      notices: [],
      confirm: null,
      slowWrite: false,
      settings: null,
    });
    this.pane = new PaneContext(services, this.getState, (patch) => this.set(patch));
    this.reading = new BomReading(this.pane);
    this.run = new PricingRun(this.pane);
    this.bomChoices = new BomChoices(this.pane, this.reading, this.run.price);
    this.lineChoices = new LineChoices(this.pane, this.reading, this.run.price);
    ({ notify: this.notify, notice: this.notice, dismiss: this.dismiss } = this.pane.notices);
    this.useSelection = this.reading.useSelection;
    ({
      price: this.price,
      cancel: this.cancel,
      answerConfirm: this.answerConfirm,
      staleLines: this.staleLines,
    } = this.run);
    const b = this.bomChoices;
    ({ setHeaderRow: this.setHeaderRow, setVariant: this.setVariant, setMapping: this.setMapping } = b);
    ({ setBoards: this.setBoards, setQuantities: this.setQuantities, chooseQuantity: this.chooseQuantity } = b);
    ({ answerSheet: this.answerSheet, insertHeaderRow: this.insertHeaderRow } = b);
    const l = this.lineChoices;
    ({ pick: this.pick, selectLine: this.selectLine, searchParts: this.searchParts } = l);
    ({ replace: this.replace, replaceWith: this.replaceWith, pin: this.pin } = l);
    this.edits = new EditWatch(
      services.book,
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
  }

  /** Loads the settings and follows their changes; returns the stop. */
  start(): () => void {
    this.services.settings
      .getSettings()
      .then((settings) => this.set({ settings }))
      .catch(() => undefined);
    this.unsubscribeSettings = this.services.settings.onSettingsChanged((settings) => this.set({ settings }));
    return () => {
      this.unsubscribeSettings?.();
      this.unsubscribeSettings = null;
      this.run.stop();
    };
  }
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
