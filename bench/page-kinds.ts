import {PAGE_KINDS} from '../tests/route-table';

/**
 * One page of each kind a reader lands on, for the page weight and Lighthouse
 * benchmarks: the budgets hold on every one. The search page as it opens, before a
 * query loads the engine.
 */
export const BENCH_PAGES = [
  PAGE_KINDS.home,
  PAGE_KINDS.guide,
  PAGE_KINDS.concept,
  PAGE_KINDS.tutorial,
  '/api/reference/targets-scans-create',
  PAGE_KINDS['CLI reference'],
  '/search',
];
