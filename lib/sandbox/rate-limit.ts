/**
 * The API's rate limits, at the numbers the contract documents: 300 requests
 * per 60 s per key and 1,200 per account, in fixed windows, with the IETF
 * draft's `RateLimit` and `RateLimit-Policy` headers on every answer. Counted
 * in this process: each replica of the sandbox counts its own requests.
 */
export const PER_KEY_QUOTA = 300;
export const PER_ACCOUNT_QUOTA = 1200;
export const WINDOW_SECONDS = 60;

interface Window {
  start: number;
  used: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

const POLICY = `"per-key";q=${PER_KEY_QUOTA};w=${WINDOW_SECONDS}, "per-account";q=${PER_ACCOUNT_QUOTA};w=${WINDOW_SECONDS}`;

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  private take(name: string, quota: number, at: number): {left: number; reset: number} {
    let window = this.windows.get(name);
    if (!window || at - window.start >= WINDOW_SECONDS * 1000) {
      window = {start: at, used: 0};
      this.windows.set(name, window);
    }
    if (window.used < quota) window.used += 1;
    else return {left: -1, reset: Math.ceil((window.start + WINDOW_SECONDS * 1000 - at) / 1000)};
    return {left: quota - window.used, reset: Math.ceil((window.start + WINDOW_SECONDS * 1000 - at) / 1000)};
  }

  /** Counts one request of the key (and of its account); refuses it, with `Retry-After`, past either quota. */
  admit(key: string, account: string): RateDecision {
    const at = this.now();
    this.forgetOld(at);
    const perKey = this.take(`key:${key}`, PER_KEY_QUOTA, at);
    const perAccount = perKey.left < 0 ? perKey : this.take(`account:${account}`, PER_ACCOUNT_QUOTA, at);
    const refused = perKey.left < 0 ? {name: 'per-key', ...perKey} : perAccount.left < 0 ? {name: 'per-account', ...perAccount} : undefined;
    const headers: Record<string, string> = {'RateLimit-Policy': POLICY};
    if (refused) {
      headers.RateLimit = `"${refused.name}";r=0;t=${refused.reset}`;
      headers['Retry-After'] = String(Math.max(1, refused.reset));
      return {allowed: false, headers};
    }
    headers.RateLimit = `"per-key";r=${perKey.left};t=${perKey.reset}`;
    return {allowed: true, headers};
  }

  /** Drops windows that ended, so a public sandbox's memory does not grow with every key it ever saw. */
  private forgetOld(at: number): void {
    if (this.windows.size < 10_000) return;
    for (const [name, window] of this.windows) if (at - window.start >= WINDOW_SECONDS * 1000) this.windows.delete(name);
  }
}
