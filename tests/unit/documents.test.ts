import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {generatedPaths as generatedAbsolute, repoRoot} from '../../lib/paths';
import {namedPaths, patchingModules} from '../documents';

/** What the build writes, which a clean checkout lacks. */
const generatedPaths = [...generatedAbsolute.map((dir) => path.relative(repoRoot, dir)), 'build', 'bench/results'];

/** The maintainers' documents: the README, the architecture, the patches, the contributing guide and every folder's README. */
function maintainersDocuments(): string[] {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*/README.md'], {cwd: repoRoot, encoding: 'utf8'});
  // A fixture's README describes test data, which may name files of other packages.
  const folderReadmes = listed.stdout.split('\n').filter((file) => file && !file.startsWith('tests/fixtures/') && fs.existsSync(path.join(repoRoot, file)));
  return ['README.md', 'ARCHITECTURE.md', 'PATCHES.md', 'CONTRIBUTING.md', ...folderReadmes];
}

describe("the maintainers' documents", () => {
  it.each(maintainersDocuments())('%s names only paths that exist', (document) => {
    const text = fs.readFileSync(path.join(repoRoot, document), 'utf8');
    // PATCHES.md's second column names files inside the patched packages.
    const missing = namedPaths(text, path.dirname(document), document === 'PATCHES.md' ? [1, 2] : [])
      .filter(({file}) => !generatedPaths.some((generated) => file === generated || file.startsWith(`${generated}/`)))
      .filter(({file}) => !fs.existsSync(path.join(repoRoot, file)))
      .map(({file, line}) => `${document}:${line}: ${file}`);
    expect(missing, 'a path these documents name was moved or deleted').toEqual([]);
  });

  it('PATCHES.md has a row for every module that patches a dependency', () => {
    const patches = fs.readFileSync(path.join(repoRoot, 'PATCHES.md'), 'utf8');
    const rows = patches.split('\n').filter((line) => line.startsWith('| `'));
    const withoutRow = patchingModules().filter((module) => !rows.some((row) => row.includes(`\`${module}`)));
    expect(withoutRow, 'add a row to PATCHES.md for each').toEqual([]);
  });
});

describe('namedPaths', () => {
  it('finds paths in code spans and links, relative to the document, with their lines', () => {
    const text = 'See `lib/paths.ts` and [the guide](../CONTRIBUTING.md).\n\nRun `npm test`, not `lib/*.ts` or `<version>.json`.';
    expect(namedPaths(text, 'deploy')).toEqual([
      {file: 'lib/paths.ts', line: 1},
      {file: 'CONTRIBUTING.md', line: 1},
    ]);
  });

  it('fails the check on a path that does not exist', () => {
    const [named] = namedPaths('Moved: `src/components/reference/reader-token.ts`.', '.');
    expect(fs.existsSync(path.join(repoRoot, named.file))).toBe(false);
  });
});
