/**
 * Fixes to react-router 5.3.4 (through @docusaurus/core 3.10.2). To find a
 * page's route, Docusaurus tries the route table's paths in order, some 1,600
 * calls of `matchPath` as a page loads, and `matchPath` compiles each path it
 * tries to a regular expression, which V8 compiles again on its first match:
 * some 400 paths for a concept or an operation page, 13 ms on the test
 * machine and four times that on a Lighthouse phone, in the page's first
 * tasks. A path with none of path-to-regexp 1.9's special characters
 * (`\ : ( *`) matches only a pathname that begins with it, less a trailing
 * slash (in letters of either case unless `sensitive`, as its `i` flag reads
 * ASCII letters), so a path the pathname does not begin with is passed over
 * without compiling; the others are matched as before. What a path must begin
 * with is worked out once per path, and the pathname's folded case once per
 * pathname: the same few hundred paths are tried at every call.
 */
import type {PinnedFix} from './pinned-fix';

const target = {packageName: 'react-router', version: '5.3.4', file: 'esm/react-router.js', importedBy: '@docusaurus/core'};

/** What a pathname must begin with to match a path, kept per path; and the last pathname's folded case. */
export const literalPrefixHelpersFix: PinnedFix = {
  target,
  // In place of the comment above matchPath, which the file holds once.
  search: '/**\n * Public API for matching a URL pathname to a path.\n */\n',
  replace: [
    'var foldCase = function (text) { return text.replace(/[A-Z]+/g, function (letters) { return letters.toLowerCase(); }); };',
    'var literalPrefixes = { sensitive: new Map(), folded: new Map() };',
    '// null for a path with special characters, which only its regular expression can match',
    'function literalPrefix(path, sensitive) {',
    '  var prefixes = sensitive ? literalPrefixes.sensitive : literalPrefixes.folded;',
    '  var prefix = prefixes.get(path);',
    '  if (prefix === undefined) {',
    '    var trimmed = path.endsWith("/") ? path.slice(0, -1) : path;',
    String.raw`    prefix = /[\\:(*]/.test(path) ? null : sensitive ? trimmed : foldCase(trimmed);`,
    '    prefixes.set(path, prefix);',
    '  }',
    '  return prefix;',
    '}',
    'var lastPathname = { text: null, folded: null };',
    'function comparedPathname(pathname, sensitive) {',
    '  var text = String(pathname);',
    '  if (sensitive) return text;',
    '  if (lastPathname.text !== text) lastPathname = { text: text, folded: foldCase(text) };',
    '  return lastPathname.folded;',
    '}',
    'function passedOver(pathname, path, sensitive) {',
    '  var prefix = literalPrefix(path, sensitive);',
    '  return prefix !== null && !comparedPathname(pathname, sensitive).startsWith(prefix);',
    '}',
    '',
  ].join('\n'),
};

export const literalPathFix: PinnedFix = {
  target,
  search: [
    '  var paths = [].concat(path);',
    '  return paths.reduce(function (matched, path) {',
    '    if (!path && path !== "") return null;',
    '    if (matched) return matched;',
    '',
  ].join('\n'),
  replace: [
    '  if (typeof path === "string" && passedOver(pathname, path, sensitive)) return null;',
    '  var paths = [].concat(path);',
    '  return paths.reduce(function (matched, path) {',
    '    if (!path && path !== "") return null;',
    '    if (matched) return matched; if (passedOver(pathname, path, sensitive)) return null;',
    '',
  ].join('\n'),
  inBuild: /\/\[\\\\:\(\*\]\/\.test\(/,
};
