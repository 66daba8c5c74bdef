/**
 * The fixes to pinned dependencies' modules (src/plugins/pinned-dependency-fixes)
 * meet the installed files: each file is where the pinned version puts it,
 * each replaced text stands in it exactly once, so the one replacement the
 * loader makes is the whole fix, each fixed file still parses, and the build
 * stops naming the file when that is no longer so. What the DocSearch fixes
 * do for a reader is tested in the browser (search.spec.ts).
 */
import fs from 'node:fs';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {pinnedDependencyFixes} from '../../lib/build/pinned-dependency-fixes';
import {fixedText, fixesByFile, pinnedFilePath, type PinnedFix} from '../../lib/build/pinned-dependency-fixes/pinned-fix';

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
    const [errorScreenFix] = pinnedDependencyFixes;
    const textGone: PinnedFix = {...errorScreenFix, search: 'a text no version of the file holds'};
    expect(() => fixesByFile([textGone])).toThrow(
      /onInput\.js holds 0 times \(not once\) the text a fix written for @algolia\/autocomplete-core 1\.19\.2 replaces/,
    );
    const fileGone: PinnedFix = {...errorScreenFix, target: {...errorScreenFix.target, file: 'dist/esm/renamed.js'}};
    expect(() => fixesByFile([fileGone])).toThrow(/renamed\.js is not installed; its fixes were written for @algolia\/autocomplete-core 1\.19\.2/);
  });
});
