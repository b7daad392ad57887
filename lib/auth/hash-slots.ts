/**
 * Room for password checks in this process. scrypt runs on libuv's thread pool (4 threads),
 * which file reads, DNS and compression of every other request share: a burst of sign-ins
 * holding all four threads stalls other people's pages. So at most `concurrent` checks run at
 * once and the rest wait here, in JavaScript, where they hold no thread; one client may have
 * only `perClient` checks running or waiting, so one client cannot fill the line; and at most
 * `maxWaiting` wait at all, so that many clients at once are refused at once instead of lining
 * up behind each other for seconds (docs/console.md, "Sign-in").
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perClientCount = new Map<string, number>();
  /** Checks run and checks refused since the start, for tests. */
  readonly counts = { ran: 0, refused: 0 };

  constructor(
    private readonly concurrent: number,
    private readonly perClient: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Runs `work` when a slot is free; null, without running it, when the client has too many
   * already or the line is full.
   */
  async run<T>(client: string, work: () => Promise<T>): Promise<T | null> {
    const mine = this.perClientCount.get(client) ?? 0;
    if (
      mine >= this.perClient ||
      (this.running >= this.concurrent && this.waiting.length >= this.maxWaiting)
    ) {
      this.counts.refused += 1;
      return null;
    }
    this.perClientCount.set(client, mine + 1);
    try {
      if (this.running >= this.concurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      try {
        this.counts.ran += 1;
        return await work();
      } finally {
        // The slot passes straight to the next in line, or is freed.
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      const left = (this.perClientCount.get(client) ?? 1) - 1;
      if (left === 0) this.perClientCount.delete(client);
      else this.perClientCount.set(client, left);
    }
  }

  /** Checks running and waiting, for tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
