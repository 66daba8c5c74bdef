import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

const SEARCH_OPEN_CLASS = 'DocSearch--active';

const searchOpen = () => document.body.classList.contains(SEARCH_OPEN_CLASS);

function whenSearchClosed(run: () => void): void {
  const observer = new MutationObserver(() => {
    if (searchOpen()) return;
    observer.disconnect();
    run();
  });
  observer.observe(document.body, {attributes: true, attributeFilter: ['class']});
}

/**
 * Docusaurus's prefetch, one route per idle period: each matches against the whole
 * route table, and filling an idle period made tasks a tap would wait for. While
 * the search modal is open it waits, so the search's own files do not queue behind
 * chunks nobody asked for.
 */
function idle(prefetchNow: Docusaurus['prefetch']): Docusaurus['prefetch'] {
  const waiting: {routePath: string; done: (result: unknown) => void}[] = [];
  const whenIdle: (run: () => void) => void =
    'requestIdleCallback' in window ? (run) => window.requestIdleCallback(run, {timeout: 2_000}) : (run) => setTimeout(run, 50);
  let scheduled = false;
  const prefetchNext = () => {
    // Links seen meanwhile only join the queue.
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

// window.docusaurus is frozen and assigned once client modules have loaded, so it is wrapped as it is assigned.
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
