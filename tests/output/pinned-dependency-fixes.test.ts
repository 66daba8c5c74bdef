/**
 * The fixes to pinned dependencies (src/plugins/pinned-dependency-fixes) reach
 * the site: the built chunks carry what each replacement leaves after
 * minification, and the chunks that hold the DocSearch modal none of what it
 * does not need: Algolia's client (the portal passes its own), the facet
 * menus' Base UI code, and DocSearch's Ask AI libraries (zod, marked, the AI
 * SDK), which DocSearch 4 bundled into its modal. The unit test shows each
 * pinned text stands in the installed files; this one shows the loader really
 * ran on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {pinnedDependencyFixes} from '../../lib/build/pinned-dependency-fixes';

const scriptsDir = path.join(__dirname, '../../build/assets/js');
const scripts = fs
  .readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(scriptsDir, name), 'utf8')}));
// The modal's chunks: the one that holds its root class name, and the one with autocomplete-core's search loop, which the modal alone uses.
const modalChunks = scripts.filter(({text}) => text.includes('DocSearch-Modal') || text.includes('getItemInputValue'));
const modalCode = modalChunks.map(({text}) => text).join('\n');
const allCode = scripts.map(({text}) => text).join('\n');

/** What each library the modal must not carry leaves in minified code. */
const leftOut: [string, RegExp][] = [
  ["Algolia's client", /x-algolia-agent|algoliaAgent/],
  ['Base UI', /Base UI error/],
  ['zod', /ZodError|\$ZodType/],
  ['marked', /marked\(\): input parameter is undefined or null/],
  ['the AI SDK', /ai-sdk|DefaultChatTransport/],
];

describe('the pinned dependency fixes in the build', () => {
  it.each(pinnedDependencyFixes.flatMap(({target, inBuild}) => (inBuild ? [[`${target.packageName}: ${inBuild.source.slice(0, 40)}`, inBuild] as const] : [])))(
    '%s… stands in the built chunks',
    (_, trace) => {
      // A boolean, not toMatch: a failure would print the whole chunk.
      expect(trace.test(allCode), String(trace)).toBe(true);
    },
  );
});

describe('the DocSearch modal in the build', () => {
  it('finds the modal in its chunks', () => {
    expect(modalChunks.map(({name}) => name)).not.toEqual([]);
    expect(modalCode).toContain('DocSearch-Modal');
  });

  it.each(leftOut)('carries no %s', (library, trace) => {
    expect(trace.test(modalCode), `${library}: ${trace}`).toBe(false);
  });
});
