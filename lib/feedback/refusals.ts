/** Summarised at most once a minute, so a client sending bad feedback without end adds one line a minute, and no line holds what it sent. */

export type RefusalReason = 'invalid' | 'store full';

export const SUMMARY_INTERVAL_MS = 60_000;

export class RefusalLog {
  #counts = new Map<RefusalReason, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly write: (line: string) => void = (line) => console.warn(line)) {}

  count(reason: RefusalReason): void {
    this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + 1);
    this.#timer ??= setTimeout(() => this.flush(), SUMMARY_INTERVAL_MS).unref();
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#counts.size === 0) return;
    const counts = [...this.#counts].map(([reason, count]) => `${count} ${reason}`).join(', ');
    this.#counts.clear();
    this.write(`Feedback refused since the last summary: ${counts}.`);
  }
}
