/** One strict string replacement per fix (pinned-fix.ts); PATCHES.md lists them. */
export {docSearchFixes as pinnedDependencyFixes} from './docsearch';
