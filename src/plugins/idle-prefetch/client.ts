import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

/**
 * Docusaurus's prefetch, made to wait for idle time: one route per idle period. A route's prefetch matches it
 * against the whole route table and adds a link for each chunk of its layouts and page, some 15 ms on a fast
 * machine with every other route's chunks already asked for; an idle period lasts up to 50 ms, and filling it
 * made tasks of 50 ms there, four times that on a phone, when a reader's tap would wait for them.
 */
function idle(prefetchNow: Docusaurus['prefetch']): Docusaurus['prefetch'] {
  const waiting: {routePath: string; done: (result: unknown) => void}[] = [];
  const whenIdle: (run: () => void) => void =
    'requestIdleCallback' in window ? (run) => window.requestIdleCallback(run, {timeout: 2_000}) : (run) => setTimeout(run, 50);
  let scheduled = false;
  const prefetchNext = () => {
    scheduled = false;
    const {routePath, done} = waiting.shift()!;
    done(prefetchNow(routePath));
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(prefetchNext);
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
