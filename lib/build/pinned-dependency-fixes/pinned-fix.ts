/**
 * A fix to a dependency's module: a strict string replacement in one installed
 * file of a pinned version, applied as the site is built. The text it replaces
 * must stand in the file exactly once: after an upgrade the build stops here,
 * naming the file and the version the fix was written for, rather than ship
 * the module unfixed.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

/** A module of a package, as its path inside the package. */
export interface PinnedFile {
  packageName: string;
  /** The version the fixes to this file were written for, named when they no longer apply. */
  version: string;
  file: string;
  /** The package that imports this one, when the bundle resolves it from there (DocSearch pins its own autocomplete-core). */
  importedBy?: string;
}

export interface PinnedFix {
  target: PinnedFile;
  search: string;
  replace: string;
  /** What the replacement leaves in the built, minified chunks, if anything (tests/output/pinned-dependency-fixes.test.ts looks for it). */
  inBuild?: RegExp;
}

/** The folder of an installed package, found as Node looks for it from a folder (whatever the package exports). */
function packageRoot(packageName: string, from: string): string {
  const dir = (createRequire(path.join(from, 'package.json')).resolve.paths(packageName) ?? [])
    .map((nodeModules) => path.join(nodeModules, packageName))
    .find((candidate) => fs.existsSync(path.join(candidate, 'package.json')));
  if (!dir) throw new Error(`pinned-dependency-fixes: ${packageName} is not installed where ${from} would find it`);
  return dir;
}

/** Where a pinned file is installed, resolved as the bundle resolves its package. */
export function pinnedFilePath({packageName, file, importedBy}: PinnedFile): string {
  return path.join(packageRoot(packageName, importedBy ? packageRoot(importedBy, __dirname) : __dirname), file);
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/**
 * The fixes grouped by the file they change, once each file is found
 * installed and each fix's text stands in it exactly once; otherwise an error
 * naming the file, the version the fix was written for and the text.
 */
export function fixesByFile(fixes: readonly PinnedFix[]): Map<string, PinnedFix[]> {
  const byFile = new Map<string, PinnedFix[]>();
  // Each file read once, however many fixes it has.
  const texts = new Map<string, string>();
  for (const fix of fixes) {
    const file = pinnedFilePath(fix.target);
    const written = `written for ${fix.target.packageName} ${fix.target.version}`;
    if (!texts.has(file)) {
      if (!fs.existsSync(file)) throw new Error(`pinned-dependency-fixes: ${file} is not installed; its fixes were ${written}: update or drop them.`);
      texts.set(file, fs.readFileSync(file, 'utf8'));
    }
    const count = occurrences(texts.get(file)!, fix.search);
    if (count !== 1) {
      throw new Error(
        `pinned-dependency-fixes: ${file} holds ${count} times (not once) the text a fix ${written} replaces: update or drop the fix.\n${fix.search.split('\n')[0]}`,
      );
    }
    byFile.set(file, [...(byFile.get(file) ?? []), fix]);
  }
  return byFile;
}

/** A file's text with its fixes applied, as the loader applies them (`$` patterns in a replacement included). */
export function fixedText(text: string, fixes: readonly PinnedFix[]): string {
  return fixes.reduce((fixed, {search, replace}) => fixed.replace(search, replace), text);
}
