/**
 * Fixes to pinned dependencies' modules, applied as the site is built: one
 * strict string replacement per fix (see pinned-fix.ts). Each dependency's
 * module says what its fixes mend; PATCHES.md lists them.
 */
import {preloadInOwnTaskFix} from './core-client-entry';
import {docSearchFixes} from './docsearch';
import {batchedHeadFix} from './react-helmet-async';
import {literalPathFix, literalPrefixHelpersFix} from './react-router';
import {keyOrderFix} from './theme-common';

export const pinnedDependencyFixes = [...docSearchFixes, keyOrderFix, literalPrefixHelpersFix, literalPathFix, batchedHeadFix, preloadInOwnTaskFix];
