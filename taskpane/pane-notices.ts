/**
 * The pane's notices: at most four, a new outcome of the same kind replacing the last, problems kept until dismissed,
 * a failure shown with its code (describeProblem).
 */
import type { NoticeText } from './run-notices';
import type { Notice, PaneState } from './pane-state';
import { describeProblem } from './errors';

export class PaneNotices {
  private next = 1;

  constructor(
    private readonly getState: () => PaneState,
    private readonly set: (patch: Partial<PaneState>) => void,
  ) {}

  notify = (
    intent: Notice['intent'],
    title: string,
    text: string,
    action?: Notice['action'],
    kind?: Notice['kind'],
  ): void => {
    this.notice({ intent, title, text, action, kind });
  };

  /** Shows a notice (a failure's with its code). */
  notice = ({ intent, title, text, action, kind, code }: NoticeText): void => {
    const notice: Notice = {
      id: this.next++,
      intent,
      title,
      text,
      ...(action ? { action } : {}),
      ...(kind ? { kind } : {}),
      ...(code ? { code } : {}),
    };
    // A new outcome of the same kind replaces the last one; problems stay until dismissed.
    const kept = this.getState().notices.filter(
      (n) => !(n.title === title && n.text === text) && !(kind !== undefined && n.kind === kind),
    );
    this.set({ notices: [...kept, notice].slice(-4) });
  };

  /**
   * A new run makes the successes before it old news: they go, except the choice this run was started for (the
   * replacement or pin just written). Problems and warnings stay until dismissed.
   */
  clearPassed(): void {
    const notices = this.getState().notices;
    const last = notices[notices.length - 1];
    const keep = last && last.kind === 'choice' && last.id === this.next - 1 ? last.id : null;
    this.set({ notices: notices.filter((n) => n.intent !== 'success' || n.id === keep) });
  }

  problem = (e: unknown): void => {
    const p = describeProblem(e);
    this.notice({ intent: 'error', title: p.title, text: p.text, action: p.action, code: p.code });
  };

  dismiss = (id: number): void => {
    this.set({ notices: this.getState().notices.filter((n) => n.id !== id) });
  };

  /** Drops the notices `drop` picks. */
  drop(drop: (n: Notice) => boolean): void {
    this.set({ notices: this.getState().notices.filter((n) => !drop(n)) });
  }
}
