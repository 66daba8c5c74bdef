/**
 * A fix to react-router 5.3.4 (through @docusaurus/core 3.10.2). To find a
 * page's route, Docusaurus tries the route table's paths in order, and
 * `matchPath` compiles each path it tries to a regular expression, which V8
 * compiles again on its first match: some 400 paths for a concept or an
 * operation page, 13 ms on the test machine and four times that on a
 * Lighthouse phone, in the page's first task. A path with none of
 * path-to-regexp 1.9's special characters (`\ : ( *`) matches only a pathname
 * that begins with it, less a trailing slash (in letters of either case unless
 * `sensitive`, as its `i` flag reads ASCII letters), so a path the pathname
 * does not begin with is passed over without compiling; the others are matched
 * as before.
 */
import type {PinnedFix} from './pinned-fix';

export const literalPathFix: PinnedFix = {
  target: {packageName: 'react-router', version: '5.3.4', file: 'esm/react-router.js', importedBy: '@docusaurus/core'},
  search: [
    '  var paths = [].concat(path);',
    '  return paths.reduce(function (matched, path) {',
    '    if (!path && path !== "") return null;',
    '    if (matched) return matched;',
    '',
  ].join('\n'),
  replace: [
    '  var paths = [].concat(path);',
    '  var foldCase = function (text) { return sensitive ? text : text.replace(/[A-Z]+/g, function (letters) { return letters.toLowerCase(); }); };',
    '  var comparedPathname = foldCase(String(pathname));',
    '  return paths.reduce(function (matched, path) {',
    '    if (!path && path !== "") return null;',
    '    if (matched) return matched;',
    String.raw`    if (!/[\\:(*]/.test(path) && !comparedPathname.startsWith(foldCase(path.endsWith("/") ? path.slice(0, -1) : path))) return null;`,
    '',
  ].join('\n'),
  inBuild: /\/\[\\\\:\(\*\]\/\.test\(/,
};
