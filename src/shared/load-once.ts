/**
 * A load that runs once and is shared by every caller; a failed load is forgotten,
 * so a reader offline for a moment is not left with a broken search for the rest
 * of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  const shared = loadOnceWhileWanted(() => load());
  return () => shared();
}

/**
 * Like `loadOnce`, but when every waiting caller's signal has aborted, the load is
 * aborted too (its bytes stop) and forgotten. A caller without a signal keeps it
 * going.
 */
export function loadOnceWhileWanted<T>(load: (signal: AbortSignal) => Promise<T>): (signal?: AbortSignal) => Promise<T> {
  let loading: {done: Promise<T>; controller: AbortController; waiting: number; settled: boolean} | undefined;
  const start = () => {
    const controller = new AbortController();
    const current = {controller, waiting: 0, settled: false, done: load(controller.signal)};
    current.done.then(
      () => {
        current.settled = true;
      },
      () => {
        current.settled = true;
        if (loading === current) loading = undefined;
      },
    );
    return current;
  };
  return (signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const current = (loading ??= start());
    if (signal === undefined) {
      current.waiting = Infinity;
      return current.done;
    }
    current.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const stopWaiting = () => {
        if (current.settled) return;
        reject(signal.reason);
        current.waiting -= 1;
        if (current.waiting === 0) {
          if (loading === current) loading = undefined;
          current.controller.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', stopWaiting, {once: true});
      current.done.then(resolve, reject).finally(() => signal.removeEventListener('abort', stopWaiting));
    });
  };
}
