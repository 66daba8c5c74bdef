/**
 * `@docusaurus/utils-common`'s index, re-exported from the same files without
 * the one tslib helper its compiled index requires: a CommonJS require of
 * tslib brings all of tslib (3.9 KB gzip) into the main.js every page loads.
 */
export {default as applyTrailingSlash, addLeadingSlash, addTrailingSlash, removeTrailingSlash} from '@docusaurus/utils-common/lib/applyTrailingSlash';
export {addPrefix, addSuffix, removePrefix, removeSuffix} from '@docusaurus/utils-common/lib/stringUtils';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils';
// The package's own constant, written in its index.
export const blogPostContainerID = '__blog-post-container';
