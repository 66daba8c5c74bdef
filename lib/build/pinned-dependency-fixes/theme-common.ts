/**
 * A fix to @docusaurus/theme-common 3.10.2. Its `useShallowMemoObject` orders
 * an object's keys with `localeCompare`, and a page's first `localeCompare`
 * builds the browser's collator (10–20 ms here): a phone paid it as the docs
 * sidebar filled the navbar's drawer, in the task after hydration. Any fixed
 * order serves the memo, so the keys are compared as strings.
 */
import type {PinnedFix} from './pinned-fix';

export const keyOrderFix: PinnedFix = {
  target: {packageName: '@docusaurus/theme-common', version: '3.10.2', file: 'lib/utils/reactUtils.js'},
  search: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
  replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
  inBuild: /\.sort\(\((\w+),(\w+)\)=>\1\[0\]<\2\[0\]\?-1:/,
};
