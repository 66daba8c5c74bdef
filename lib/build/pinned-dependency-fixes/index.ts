/**
 * Fixes to pinned dependencies' modules, applied as the site is built: one
 * strict string replacement per fix (see pinned-fix.ts). Each dependency's
 * module says what its fixes mend; PATCHES.md lists them.
 */
export {docSearchFixes as pinnedDependencyFixes} from './docsearch';
