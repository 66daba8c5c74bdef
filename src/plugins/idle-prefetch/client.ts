import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

/** The class DocSearch's modal keeps on the body while it is open. */
const SEARCH_OPEN_CLASS = 'DocSearch--active';

const searchOpen = () => document.body.classList.contains(SEARCH_OPEN_CLASS);

/** Runs `run` once the search modal has closed. */
function whenSearchClosed(run: () => void): void {
  const observer = new MutationObserver(() => {
    if (searchOpen()) return;
    observer.disconnect();
    run();
  });
  observer.observe(document.body, {attributes: true, attributeFilter: ['class']});
}

/**
 * Docusaurus's prefetch, made to wait for idle time: one route per idle period. A route's prefetch matches it
 * against the whole route table and adds a link for each chunk of its layouts and page, some 15 ms on a fast
 * machine with every other route's chunks already asked for; an idle period lasts up to 50 ms, and filling it
 * made tasks of 50 ms there, four times that on a phone, when a reader's tap would wait for them.
 *
 * While the search modal is open, prefetching waits: the reader is about to go where a hit leads, not where the
 * page's links do, and on a slow connection the search's own files (the index, its shards) must not queue behind
 * the chunks of pages nobody asked for.
 */
function idle(prefetchNow: Docusaurus['prefetch']): Docusaurus['prefetch'] {
  const waiting: {routePath: string; done: (result: unknown) => void}[] = [];
  const whenIdle: (run: () => void) => void =
    'requestIdleCallback' in window ? (run) => window.requestIdleCallback(run, {timeout: 2_000}) : (run) => setTimeout(run, 50);
  let scheduled = false;
  const prefetchNext = () => {
    // Still scheduled while it waits for the modal to close: links seen meanwhile only join the queue.
    if (searchOpen()) {
      whenSearchClosed(() => whenIdle(prefetchNext));
      return;
    }
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
