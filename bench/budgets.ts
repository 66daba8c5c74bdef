/** Budgets from the issues, printed beside the measured figures (never asserted in tests). A KB is 1,000 bytes throughout. */
export const budgets = {
  buildSeconds: 50,
  buildPeakRssBytes: 1.8e9,
  /** JavaScript downloaded by one page until the network is idle, gzip. */
  pageJsGzipBytes: 170_000,
  /** What writing the Markdown twins, llms.txt, llms-full.txt and the Postman collection may add to the cold build. */
  llmsOutputsBuildShare: 0.15,
  /** Lighthouse, mobile preset: the least score of each category, out of 100. */
  lighthouse: {performance: 95, accessibility: 100, 'best-practices': 100, seo: 100},
  /** Lighthouse, mobile preset: total blocking time of the median run. */
  totalBlockingTimeMs: 150,
  /** 200 feedback posts sent at once straight to the service (no nginx rate limit), on either engine: the slowest but 1 %. */
  feedbackWriteP99Ms: 1000,
  /** The sandbox on loopback, 50 keys at once on 2 cores: the slowest but 1 % of reads and of writes at this rate, and what an idle key holds. */
  sandbox: {requestsPerSecond: 500, p99Ms: 50, idleKeyBytes: 1_000_000},
  /** Site search, in Chromium on localhost behind nginx (issue "Site search", Budgets; bytes and relevance: issue 18). */
  search: {
    /** Bytes on the wire before the first hits show, from Ctrl+K, the modal's own code included. */
    bytesBeforeResults: 250_000,
    /** First keystroke to the first hits, cold (empty cache, index not loaded). */
    coldMs: 250,
    /** Per further keystroke: the engine's time, and until the hits are on screen (p95). */
    engineP95Ms: 10,
    screenP95Ms: 50,
    hit1: 0.85,
    hit5: 0.97,
  },
};
