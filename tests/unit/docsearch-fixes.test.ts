/**
 * The fixes to the DocSearch modal's modules (src/plugins/docsearch-fixes)
 * meet the installed files: each file is where the pinned version puts it,
 * each replaced text stands in it exactly once, so the one replacement the
 * loader makes is the whole fix, and each fixed file still parses. What the
 * fixes do for a reader is tested in tests/browser/search.spec.ts.
 */
import fs from 'node:fs';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {docSearchFixes, pinnedFilePath} from '../../src/plugins/docsearch-fixes';

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const files = [...new Set(docSearchFixes.map((fix) => pinnedFilePath(fix.target)))];

describe('the DocSearch modal fixes', () => {
  it.each(docSearchFixes.map((fix) => [fix.search.trim().slice(0, 40), fix]))('%s… stands once in its file, and not after the fix', (_, fix) => {
    const text = fs.readFileSync(pinnedFilePath(fix.target), 'utf8');
    expect(occurrences(text, fix.search)).toBe(1);
    expect(occurrences(text.replace(fix.search, fix.replace), fix.search)).toBe(0);
  });

  it.each(files)('leaves %s parsing', (file) => {
    const fixed = docSearchFixes
      .filter((fix) => pinnedFilePath(fix.target) === file)
      .reduce((text, fix) => text.replace(fix.search, fix.replace), fs.readFileSync(file, 'utf8'));
    const {diagnostics} = ts.transpileModule(fixed, {
      reportDiagnostics: true,
      compilerOptions: {allowJs: true, target: ts.ScriptTarget.ESNext},
      fileName: file,
    });
    expect(diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  });

  it("leaves the modal without Algolia's client: no fixed file imports algoliasearch", () => {
    for (const file of files) {
      const fixed = docSearchFixes
        .filter((fix) => pinnedFilePath(fix.target) === file)
        .reduce((text, fix) => text.replace(fix.search, fix.replace), fs.readFileSync(file, 'utf8'));
      expect(fixed, file).not.toContain('algoliasearch');
    }
  });
});
