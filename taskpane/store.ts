/**
 * The small external store each flow's controller is: a state React reads with useSyncExternalStore, replaced (never
 * mutated) on every change, and the listeners told.
 */
export class Store<S extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(protected state: S) {}

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * A question the view answers: asking shows it (through `show`) and waits; the answer hides it and settles the wait.
 * The pricing and purchase views ask whether to overwrite cells this way.
 */
export class PendingQuestion<Q, A> {
  private settle: ((answer: A) => void) | null = null;

  constructor(private readonly show: (question: Q | null) => void) {}

  get waiting(): boolean {
    return this.settle !== null;
  }

  ask = (question: Q): Promise<A> =>
    new Promise<A>((resolve) => {
      this.settle = resolve;
      this.show(question);
    });

  answer = (answer: A): void => {
    const settle = this.settle;
    this.settle = null;
    this.show(null);
    settle?.(answer);
  };
}
