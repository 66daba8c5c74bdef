/**
 * What build-when-needed (lib/build/ensure-build.ts) counts as the build's
 * inputs: never what the build writes itself, or a fresh clone builds twice.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isGenerated} from '../../lib/build/ensure-build';
import {apiChangelogPage, apiReferenceDir, repoRoot} from '../../lib/paths';

describe('the inputs of build-when-needed', () => {
  it('leave out the generated pages, a folder of them or a single file', () => {
    expect(isGenerated(apiChangelogPage)).toBe(true);
    expect(isGenerated(path.join(apiReferenceDir, 'targets-list.api.mdx'))).toBe(true);
  });

  it('keep the written pages, beside the generated ones', () => {
    expect(isGenerated(path.join(repoRoot, 'docs/api/quick-start.md'))).toBe(false);
    expect(isGenerated(`${apiChangelogPage}.orig`)).toBe(false);
  });
});
