/**
 * A load that runs once and is shared by every caller, unless it fails: a
 * failed load is forgotten, so the next call tries again (a reader offline
 * for a moment is not left with a broken search for the rest of the visit).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  // A caller without a signal keeps the load going, so this is the shared load no caller stops.
  const shared = loadOnceWhileWanted(() => load());
  return () => shared();
}

/**
 * A load shared as `loadOnce` shares it, that stops once nobody wants it: each
 * caller may pass a signal, and a caller whose signal aborts stops waiting
 * (rejected with the signal's reason); when every caller waiting has stopped
 * so, the load is aborted too (its own signal), so its bytes stop, and it is
 * forgotten, as a failed one is: the next call loads again. A caller without a
 * signal keeps it going.
 */
export function loadOnceWhileWanted<T>(load: (signal: AbortSignal) => Promise<T>): (signal?: AbortSignal) => Promise<T> {
  let loading: {done: Promise<T>; controller: AbortController; waiting: number; settled: boolean} | undefined;
  const start = () => {
    const controller = new AbortController();
    const current = {controller, waiting: 0, settled: false, done: load(controller.signal)};
    // A load that failed, or was aborted, is forgotten; one that came stays shared.
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
