/** Thrown by Semaphore.run when its queue is full; `retryAfterMs` is when a place is likely to be free. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('queue full');
  }
}

/**
 * Runs at most `size` tasks at once and lets at most `queue` more wait; beyond that `run` refuses at once,
 * so a burst is answered quickly instead of piling up behind slow work. (p-limit has no bounded queue, and
 * a dependency would be bigger than this.)
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** A moving average of how long a task takes, for the retry estimate. */
  private averageMs = 0;

  constructor(
    private readonly size: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else if (this.waiting.length >= this.queue) throw new QueueFullError(((this.waiting.length + this.size) * this.averageMs) / this.size);
    // A finishing task hands its place straight to the first waiter: `running` stays as it is.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const start = performance.now();
    try {
      return await task();
    } finally {
      const ms = performance.now() - start;
      this.averageMs = this.averageMs ? 0.8 * this.averageMs + 0.2 * ms : ms;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
