/**
 * The waiting line in front of one upstream: one lane per client, served in turn (round-robin), so a client
 * with hundreds of requests waiting delays another client's request by at most one request of each client
 * ahead of it in the turn, not by its whole backlog. Both a lane and the whole line are bounded: beyond either
 * bound a request is refused at once instead of joining a line it would wait in for minutes.
 */

/** Why a request could not join the line. */
export class QueueFull extends Error {
  constructor(
    /** `client`: this client has its lane full; `line`: every client together has the line full. */
    readonly scope: 'client' | 'line',
    readonly limit: number,
  ) {
    super(
      scope === 'client'
        ? `this client already has ${limit} requests waiting`
        : `${limit} requests are already waiting`,
    );
  }
}

export interface FairQueueLimits {
  /** Requests one client may have waiting at once. */
  perClient: number;
  /** Requests all clients together may have waiting at once. */
  total: number;
}

export class FairQueue<T> {
  /** Lanes in serving order: the next request comes from the first lane, which then goes to the back. */
  private readonly lanes = new Map<string, T[]>();
  private count = 0;

  constructor(private readonly limits: FairQueueLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`the queue's ${name} limit must be a whole number of 1 or more, not ${value}`);
    }
  }

  get length(): number {
    return this.count;
  }

  /** Requests `client` has waiting. */
  lengthOf(client: string): number {
    return this.lanes.get(client)?.length ?? 0;
  }

  /** Adds `item` at the end of `client`'s lane; throws QueueFull when the lane or the line is full. */
  push(client: string, item: T): void {
    const lane = this.lanes.get(client);
    if ((lane?.length ?? 0) >= this.limits.perClient) throw new QueueFull('client', this.limits.perClient);
    if (this.count >= this.limits.total) throw new QueueFull('line', this.limits.total);
    if (lane) lane.push(item);
    else this.lanes.set(client, [item]);
    this.count++;
  }

  /** The next request in turn: the oldest of the first lane; that lane then waits behind every other. */
  shift(): T | undefined {
    const first = this.lanes.entries().next();
    if (first.done) return undefined;
    const [client, lane] = first.value;
    const item = lane.shift()!;
    this.count--;
    this.lanes.delete(client);
    if (lane.length > 0) this.lanes.set(client, lane);
    return item;
  }

  /**
   * The first request in serving order that `usable` accepts (a lane's own requests in their order): a request
   * that may not go yet (its credentials paused) does not hold up the others behind it. Undefined when none.
   */
  find(usable: (item: T) => boolean): [client: string, item: T] | undefined {
    for (const [client, lane] of this.lanes) {
      const item = lane.find(usable);
      if (item !== undefined) return [client, item];
    }
    return undefined;
  }

  /** Takes `item` (found by `find`) for its turn: out of `client`'s lane, which then waits behind every other. */
  take(client: string, item: T): boolean {
    const lane = this.lanes.get(client);
    if (!this.remove(client, item)) return false;
    if (lane!.length > 0) {
      this.lanes.delete(client);
      this.lanes.set(client, lane!);
    }
    return true;
  }

  /** Takes `item` out of `client`'s lane (its client left); false when it was not waiting. */
  remove(client: string, item: T): boolean {
    const lane = this.lanes.get(client);
    const at = lane ? lane.indexOf(item) : -1;
    if (!lane || at === -1) return false;
    lane.splice(at, 1);
    this.count--;
    if (lane.length === 0) this.lanes.delete(client);
    return true;
  }

  /** Every waiting request, in no particular order. */
  *items(): IterableIterator<[client: string, item: T]> {
    for (const [client, lane] of this.lanes) for (const item of lane) yield [client, item];
  }

  /** Empties the line and returns what waited in it. */
  drain(): T[] {
    const all = [...this.lanes.values()].flat();
    this.lanes.clear();
    this.count = 0;
    return all;
  }
}
