/**
 * The time limit of one command (`--timeout`): every request and every wait
 * stays within it, and running out ends the command with exit code 7.
 */
import {CliExit, ExitCode} from './exit-codes';

export class Deadline {
  private readonly end: number;

  constructor(
    private readonly limitMs: number,
    private readonly shown: string,
  ) {
    this.end = Date.now() + limitMs;
  }

  remaining(): number {
    return Math.max(0, this.end - Date.now());
  }

  expired(): CliExit {
    return new CliExit(ExitCode.timedOut, `The time limit of --timeout (${this.shown}) ran out.`);
  }

  /** A signal that aborts a request when the limit runs out. */
  signal(): AbortSignal {
    return AbortSignal.timeout(Math.max(1, this.remaining()));
  }

  /** Waits, or ends the command when the wait would outlast the limit. */
  async sleep(ms: number): Promise<void> {
    if (ms >= this.remaining()) {
      await new Promise((resolve) => setTimeout(resolve, this.remaining()));
      throw this.expired();
    }
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}
