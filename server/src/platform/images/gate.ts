/**
 * How many images are decoded and encoded at once. sharp works on libuv's thread pool, off the event
 * loop, but each running pipeline holds its decoded pixels (up to a few hundred MB for a 60 MP
 * image): a few at a time keeps memory bounded, and a short queue behind them keeps a flood of
 * uploads from piling up their bodies while they wait.
 */

/** The queue behind the running encodes is full: try again in a moment. */
export class GateBusyError extends Error {
  constructor() {
    super('image encoding queue is full');
  }
}

export class EncodeGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** `maxRunning` encodes at once; by default at most `maxWaiting` more wait their turn. */
  constructor(
    readonly maxRunning = 2,
    readonly maxWaiting = 32,
  ) {}

  /**
   * Runs `task` when a place is free; throws GateBusyError at once when `maxWaiting` (this call's
   * own limit, else the gate's) are waiting already.
   */
  async run<T>(task: () => Promise<T>, maxWaiting = this.maxWaiting): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= maxWaiting) throw new GateBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Encodes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
