/**
 * The site's `@docusaurus/utils-common` (src/plugins/utils-common-index) is
 * the package's index without its tslib helper: the same names, the same
 * functions. A name the package adds on an upgrade fails here.
 */
import * as pkg from '@docusaurus/utils-common';
import {describe, expect, it} from 'vitest';
import * as ours from '../../src/plugins/utils-common-index/index-without-tslib';

describe("the site's @docusaurus/utils-common", () => {
  it('exports what the package exports, each the same value', () => {
    const names = Object.keys(pkg).filter((name) => name !== 'default' && name !== '__esModule');
    expect(Object.keys(ours).sort()).toEqual(names.sort());
    for (const name of names) expect(ours[name as keyof typeof ours], name).toBe(pkg[name as keyof typeof pkg]);
  });
});
