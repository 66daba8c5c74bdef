/**
 * The fixes to the DocSearch modal's bundle (src/plugins/docsearch-fixes) meet
 * the installed bundle: each replaced text stands in it exactly once, so the
 * one replacement the loader makes is the whole fix, and the fixed bundle
 * still parses. What the fixes do for a reader is tested in
 * tests/browser/search.spec.ts.
 */
import fs from 'node:fs';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {docSearchFixes, modalBundle} from '../../src/plugins/docsearch-fixes';

const bundle = fs.readFileSync(require.resolve('@docsearch/react/modal'), 'utf8');
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the DocSearch modal fixes', () => {
  it.each(docSearchFixes.map((fix) => [fix.search.slice(0, 40), fix]))('%s… stands once in the bundle, and not after the fix', (_, fix) => {
    expect(occurrences(bundle, fix.search)).toBe(1);
    expect(occurrences(bundle.replace(fix.search, fix.replace), fix.search)).toBe(0);
  });

  it('runs on the file the modal resolves to (the plugin stops the build otherwise)', () => {
    expect(require.resolve('@docsearch/react/modal')).toMatch(modalBundle);
  });

  // Transpiling the 450 KB bundle takes seconds on a loaded machine.
  it('leaves a bundle that parses', {timeout: 60_000}, () => {
    const fixed = docSearchFixes.reduce((text, fix) => text.replace(fix.search, fix.replace), bundle);
    const {diagnostics} = ts.transpileModule(fixed, {
      reportDiagnostics: true,
      compilerOptions: {allowJs: true, target: ts.ScriptTarget.ESNext},
      fileName: 'DocSearchModal.js',
    });
    expect(diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  });
});
