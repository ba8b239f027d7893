/**
 * The pane's PARTS cells view: the failing cells by kind with "retry these", and "Refresh prices" for the active
 * sheet or the workbook, which says beforehand what it will cost. It reads the runtime's cell record (services.cells)
 * and calculates cells through the workbook port; the functions then record the new outcomes, and the view follows.
 */
import { describeProblem } from './errors';
import { type FailingGroup, type RefreshPlan, failingGroups, goneCalls, refreshPlan } from './parts-cells';
import type { PaneServices } from './services';
import { Store } from './store';
import type { CellFailureKind } from '../src/lookup';

export type RefreshChoice = 'sheet' | 'workbook';

export interface CellsState {
  groups: FailingGroup[];
  choice: RefreshChoice;
  /** The sheet "this sheet" means: the active one when the plan was made. */
  sheet: string | null;
  /** What refreshing the chosen cells would do; null until counted. */
  plan: RefreshPlan | null;
  /** What is running: a retry of one kind's cells, or the refresh. */
  busy: { kind: 'retry'; failure: CellFailureKind } | { kind: 'refresh' } | null;
  /** What the last action did. */
  done: { kind: 'retried'; cells: number } | { kind: 'refreshed'; plan: RefreshPlan } | null;
  problem: string | null;
}

export class CellsController extends Store<CellsState> {
  private unsubscribe: (() => void) | null = null;
  private planning = 0;

  constructor(private readonly services: Pick<PaneServices, 'cells' | 'book'>) {
    super({ groups: [], choice: 'sheet', sheet: null, plan: null, busy: null, done: null, problem: null });
  }

  /** Follows the record from now on; returns the stop. */
  start = (): (() => void) => {
    this.unsubscribe?.();
    this.unsubscribe = this.services.cells.subscribe(() => this.update());
    this.update();
    void this.forgetGone();
    return () => {
      this.unsubscribe?.();
      this.unsubscribe = null;
    };
  };

  /**
   * Forgets the record's calls whose PARTS formula is gone from the workbook (goneCalls): when the view opens and
   * before a retry or a refresh, so that what is listed, retried and counted are cells there are. A workbook that
   * cannot be read now leaves the record as it is.
   */
  private async forgetGone(): Promise<void> {
    try {
      const gone = await goneCalls(this.services.cells.calls(), this.services.book);
      if (gone.length === 0) return;
      this.services.cells.forget(gone);
      // The record tells its listeners after a while; what is retried or counted next is the record as it is now.
      this.update();
    } catch {
      // Read again at the next retry or refresh.
    }
  }

  private update(): void {
    this.set({ groups: failingGroups(this.services.cells.calls()) });
    void this.count();
  }

  choose = (choice: RefreshChoice): void => {
    this.set({ choice, plan: null, done: null });
    void this.count();
  };

  /** Counts what refreshing the chosen cells would cost, from the record and the scheduler's cache. */
  count = async (): Promise<RefreshPlan | null> => {
    const mine = ++this.planning;
    try {
      const sheet = this.state.choice === 'sheet' ? (await this.services.book.selectionShape()).sheet : null;
      const plan = await refreshPlan(this.services.cells.calls(), sheet === null ? 'workbook' : { sheet }, (requests) =>
        this.services.cells.lookupCost(requests),
      );
      if (mine === this.planning) this.set({ plan, sheet });
      return plan;
    } catch (e) {
      if (mine === this.planning) this.set({ plan: null, problem: describeProblem(e).text });
      return null;
    }
  };

  /** Calculates again the cells of one kind of failure. */
  retry = async (failure: CellFailureKind): Promise<void> => {
    if (this.state.busy) return;
    await this.forgetGone();
    const group = this.state.groups.find((g) => g.kind === failure);
    if (!group || this.state.busy) return;
    this.set({ busy: { kind: 'retry', failure }, done: null, problem: null });
    try {
      await this.services.book.calculateCells(group.anchors);
      this.set({ busy: null, done: { kind: 'retried', cells: group.cells.length } });
    } catch (e) {
      this.set({ busy: null, problem: describeProblem(e).text });
    }
  };

  /** Calculates again the chosen cells whose values are not fresh; the fresh ones are left alone. */
  refresh = async (): Promise<void> => {
    if (this.state.busy) return;
    this.set({ busy: { kind: 'refresh' }, done: null, problem: null });
    try {
      await this.forgetGone();
      const plan = (await this.count()) ?? this.state.plan;
      if (!plan) throw new Error(this.state.problem ?? 'The PARTS cells could not be counted.');
      await this.services.book.calculateCells(plan.rerun);
      this.set({ busy: null, done: { kind: 'refreshed', plan } });
    } catch (e) {
      this.set({ busy: null, problem: describeProblem(e).text });
    }
  };
}
