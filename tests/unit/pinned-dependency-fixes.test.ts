/**
 * The fixes to pinned dependencies' modules (src/plugins/pinned-dependency-fixes)
 * meet the installed files: each file is where the pinned version puts it,
 * each replaced text stands in it exactly once, so the one replacement the
 * loader makes is the whole fix, each fixed file still parses, and the build
 * stops naming the file when that is no longer so. What the DocSearch and
 * theme-common fixes do for a reader is tested in the browser
 * (search.spec.ts, navigation.spec.ts); the route matching fix is compared
 * here with the original.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {pinnedDependencyFixes} from '../../lib/build/pinned-dependency-fixes';
import {fixedText, fixesByFile, pinnedFilePath, type PinnedFix} from '../../lib/build/pinned-dependency-fixes/pinned-fix';
import {literalPathFix} from '../../lib/build/pinned-dependency-fixes/react-router';
import {keyOrderFix} from '../../lib/build/pinned-dependency-fixes/theme-common';

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const byFile = fixesByFile(pinnedDependencyFixes);
const fixedFile = (file: string) => fixedText(fs.readFileSync(file, 'utf8'), byFile.get(file)!);

describe('the pinned dependency fixes', () => {
  it.each(pinnedDependencyFixes.map((fix) => [fix.search.trim().slice(0, 40), fix]))('%s… stands once in its file, and not after the fix', (_, fix) => {
    const text = fs.readFileSync(pinnedFilePath(fix.target), 'utf8');
    expect(occurrences(text, fix.search)).toBe(1);
    expect(occurrences(fixedText(text, [fix]), fix.search)).toBe(0);
  });

  it.each([...byFile.keys()])('leave %s parsing', (file) => {
    const {diagnostics} = ts.transpileModule(fixedFile(file), {
      reportDiagnostics: true,
      compilerOptions: {allowJs: true, target: ts.ScriptTarget.ESNext},
      fileName: file,
    });
    expect(diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  });

  it('stop the build, naming the file and the version a fix was written for, when its text or its file is gone', () => {
    const textGone: PinnedFix = {...keyOrderFix, search: 'a text no version of the file holds'};
    expect(() => fixesByFile([textGone])).toThrow(
      /reactUtils\.js holds 0 times \(not once\) the text a fix written for @docusaurus\/theme-common 3\.10\.2 replaces/,
    );
    const fileGone: PinnedFix = {...keyOrderFix, target: {...keyOrderFix.target, file: 'lib/utils/renamed.js'}};
    expect(() => fixesByFile([fileGone])).toThrow(/renamed\.js is not installed; its fixes were written for @docusaurus\/theme-common 3\.10\.2/);
  });

  it("leave the modal without Algolia's client: no fixed file imports algoliasearch", () => {
    for (const file of byFile.keys()) expect(fixedFile(file), file).not.toContain('algoliasearch');
  });

  it("order the theme's memo keys as strings, not by locale", () => {
    const deps = [
      ['props', 1],
      ['component', 2],
      ['Zeta', 3],
    ];
    // The replacement's comparison, as the loader writes it.
    new Function('deps', keyOrderFix.replace)(deps);
    expect(deps.map(([key]) => key)).toEqual(['Zeta', 'component', 'props']);
  });
});

describe("react-router's matchPath with literal paths passed over", () => {
  const routerFile = pinnedFilePath(literalPathFix.target);
  const pathToRegexp = createRequire(routerFile)('path-to-regexp');
  type MatchPath = (pathname: string, options: object) => unknown;

  /** The module's `matchPath` with its own path cache, counting the paths it compiles. */
  function loadMatchPath(moduleText: string): {matchPath: MatchPath; compiled: () => number} {
    const start = moduleText.indexOf('var cache$1 = {};');
    const end = moduleText.indexOf('function isEmptyChildren');
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    let compiled = 0;
    const counting = (...args: unknown[]) => {
      compiled++;
      return pathToRegexp(...args);
    };
    const matchPath = new Function('pathToRegexp', `${moduleText.slice(start, end)}\nreturn matchPath;`)(counting) as MatchPath;
    return {matchPath, compiled: () => compiled};
  }
  const original = loadMatchPath(fs.readFileSync(routerFile, 'utf8'));
  const fixed = loadMatchPath(fixedFile(routerFile));

  const paths = [
    '/',
    '',
    '/concepts/scan-lifecycle',
    '/api/',
    '/api/scans/create-scan',
    '/API/Scans',
    '/users/:id',
    '/files/*',
    '/a(b)?',
    String.raw`/x\:y`,
    '/search',
    '/k',
    '/tutorials/',
  ];
  const pathnames = [
    ...['/', '', '/concepts/scan-lifecycle', '/concepts/scan-lifecycle/', '/Concepts/SCAN-lifecycle', '/concepts/scan-lifecycle/more', '/concepts/scan'],
    ...['/api', '/api/', '/apis', '/api/scans/create-scan', '/api/scans', '/users/42', '/files/a/b', '/ab', '/a', '/x:y', '/search', '/searching'],
    ...['/K', '/\u212A', '/tutorials', '/TUTORIALS/', '/tutorials//'],
  ];
  const cases = [true, false].flatMap((exact) => [true, false].flatMap((strict) => [true, false].map((sensitive) => ({exact, strict, sensitive}))));

  it.each(cases)('answers as the original for every path and pathname, %o', (options) => {
    for (const pathname of pathnames) {
      for (const path of [...paths, paths.slice(2, 6)]) {
        const label = `${pathname} against ${JSON.stringify(path)}`;
        expect(fixed.matchPath(pathname, {...options, path}), label).toEqual(original.matchPath(pathname, {...options, path}));
      }
    }
  });

  it('compiles no literal path the pathname does not begin with', () => {
    const table = Array.from({length: 400}, (_, index) => `/api/operation-${index}`);
    const tried = (matchPath: MatchPath, pathname: string) => table.find((path) => matchPath(pathname, {path, exact: true}));
    const [originalBefore, fixedBefore] = [original.compiled(), fixed.compiled()];
    expect(tried(original.matchPath, '/concepts/scan-lifecycle')).toBeUndefined();
    expect(tried(fixed.matchPath, '/concepts/scan-lifecycle')).toBeUndefined();
    expect(original.compiled() - originalBefore).toBe(400);
    expect(fixed.compiled() - fixedBefore).toBe(0);
    // Only the paths it begins with are compiled: operation-3, operation-39 and operation-399.
    expect(tried(fixed.matchPath, '/api/operation-399')).toBe('/api/operation-399');
    expect(fixed.compiled() - fixedBefore).toBe(3);
  });

  it("works out each path's prefix and the pathname's case once, not at every call", () => {
    const table = Array.from({length: 400}, (_, index) => `/api/Operation-${index}`);
    const tried = (matchPath: MatchPath) => table.find((path) => matchPath('/Concepts/scan-lifecycle', {path, exact: true}));
    /** Calls of String.prototype.replace, through which both fold a text's case, while the table is tried. */
    const replacesWhileTrying = (matchPath: MatchPath) => {
      const replace = String.prototype.replace;
      let calls = 0;
      String.prototype.replace = function (this: string, ...args: Parameters<typeof replace>) {
        calls++;
        return replace.apply(this, args);
      } as typeof replace;
      try {
        expect(tried(matchPath)).toBeUndefined();
      } finally {
        String.prototype.replace = replace;
      }
      return calls;
    };
    // The first time, each of the 400 paths and the pathname once; then none, the pathname being the same.
    expect(replacesWhileTrying(fixed.matchPath)).toBe(401);
    expect(replacesWhileTrying(fixed.matchPath)).toBe(0);
  });
});
