import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

/** Below this many milliseconds of idle time left, the rest waits for the next idle period. */
const MIN_IDLE_MS = 4;

/** Docusaurus's prefetch, made to wait for idle time. */
function idle(prefetchNow: Docusaurus['prefetch']): Docusaurus['prefetch'] {
  const waiting: {routePath: string; done: (result: unknown) => void}[] = [];
  const whenIdle: (run: (deadline: IdleDeadline) => void) => void =
    'requestIdleCallback' in window
      ? (run) => window.requestIdleCallback(run, {timeout: 2_000})
      : (run) => setTimeout(() => run({didTimeout: true, timeRemaining: () => 0}), 50);
  let scheduled = false;
  const drain = (deadline: IdleDeadline) => {
    scheduled = false;
    // At least one per call, so a busy page still gets through its links.
    do {
      const {routePath, done} = waiting.shift()!;
      done(prefetchNow(routePath));
    } while (waiting.length > 0 && deadline.timeRemaining() > MIN_IDLE_MS);
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(drain);
  };
  return (routePath) =>
    new Promise((done) => {
      waiting.push({routePath, done});
      schedule();
    });
}

const withIdlePrefetch = (docusaurus: Docusaurus): Docusaurus => ({...docusaurus, prefetch: idle(docusaurus.prefetch)});

// Link calls window.docusaurus, a frozen object the client entry assigns once client modules have loaded: it is
// wrapped as it is assigned.
if (ExecutionEnvironment.canUseDOM) {
  const assigned = (window as {docusaurus?: Docusaurus}).docusaurus;
  let current = assigned && withIdlePrefetch(assigned);
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set: (value: Docusaurus) => {
      current = withIdlePrefetch(value);
    },
  });
}
