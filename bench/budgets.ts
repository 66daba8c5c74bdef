/** Budgets from the issues, printed beside the measured figures (never asserted in tests). */
export const budgets = {
  buildSeconds: 60,
  buildPeakRssBytes: 2.5e9,
  /** JavaScript downloaded by one page until the network is idle, gzip. */
  pageJsGzipBytes: 400_000,
  /** What writing the Markdown twins, llms.txt, llms-full.txt and the Postman collection may add to the cold build. */
  llmsOutputsBuildShare: 0.15,
  /** Lighthouse, mobile preset: the least score of each category, out of 100. */
  lighthouse: {performance: 95, accessibility: 100, 'best-practices': 100, seo: 100},
};
