import fs from 'node:fs';
import {expect, it} from 'vitest';
import {keyOrderFix, reactUtilsFile} from '../../src/plugins/theme-common-fixes';

it("the fix's pinned text is in the installed @docusaurus/theme-common once, and its replacement orders keys as strings", () => {
  const source = fs.readFileSync(reactUtilsFile, 'utf8');
  expect(source.split(keyOrderFix.search).length - 1).toBe(1);
  const deps = [
    ['props', 1],
    ['component', 2],
    ['Zeta', 3],
  ];
  // The replacement's comparison, as the loader writes it.
  const sortFix = new Function('deps', keyOrderFix.replace);
  sortFix(deps);
  expect(deps.map(([key]) => key)).toEqual(['Zeta', 'component', 'props']);
});
