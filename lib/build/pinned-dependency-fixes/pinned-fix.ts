/**
 * A strict string replacement in one installed file of a pinned version. The
 * replaced text must stand exactly once, so after an upgrade the build stops
 * naming the file and version rather than ship the module unfixed.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

export interface PinnedFile {
  packageName: string;
  /** The version the fixes were written for, named when they no longer apply. */
  version: string;
  file: string;
  /** When the bundle resolves it from there (DocSearch pins its own autocomplete-core). */
  importedBy?: string;
}

export interface PinnedFix {
  target: PinnedFile;
  search: string;
  replace: string;
  /** tests/output/pinned-dependency-fixes.test.ts looks for it in the minified chunks. */
  inBuild?: RegExp;
}

/** An installed package's folder, found as Node finds it, whatever the package exports. */
function packageRoot(packageName: string, from: string): string {
  const dir = (createRequire(path.join(from, 'package.json')).resolve.paths(packageName) ?? [])
    .map((nodeModules) => path.join(nodeModules, packageName))
    .find((candidate) => fs.existsSync(path.join(candidate, 'package.json')));
  if (!dir) throw new Error(`pinned-dependency-fixes: ${packageName} is not installed where ${from} would find it`);
  return dir;
}

export function pinnedFilePath({packageName, file, importedBy}: PinnedFile): string {
  return path.join(packageRoot(packageName, importedBy ? packageRoot(importedBy, __dirname) : __dirname), file);
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** Throws naming the file, the version the fix was written for and the text, unless each fix's text stands in its installed file exactly once. */
export function fixesByFile(fixes: readonly PinnedFix[]): Map<string, PinnedFix[]> {
  const byFile = new Map<string, PinnedFix[]>();
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

/** A file's text with its fixes applied, `$` patterns included, as the loader applies them. */
export function fixedText(text: string, fixes: readonly PinnedFix[]): string {
  return fixes.reduce((fixed, {search, replace}) => fixed.replace(search, replace), text);
}
