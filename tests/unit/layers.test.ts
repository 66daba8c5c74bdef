/**
 * The layers import one way (.dependency-cruiser.cjs): the repository keeps
 * every rule, and each rule fires on a miniature of the layout with an upward
 * import of its kind planted (tests/fixtures/layers/).
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';

interface Violation {
  from: string;
  to: string;
  rule: {name: string};
  cycle?: {name: string}[];
}

const config = path.join(repoRoot, '.dependency-cruiser.cjs');

/** The folders and files `npm run check:layers` cruises, as package.json lists them. */
function checkedPaths(): string[] {
  const script = JSON.parse(spawnSync('npm', ['pkg', 'get', 'scripts.check:layers'], {cwd: repoRoot, encoding: 'utf8'}).stdout) as string;
  return script.split(' ').filter((word, index, words) => index > 0 && !word.startsWith('--') && !words[index - 1].startsWith('--'));
}

/** A miniature of the layout with planted upward imports. */
const fixture = path.join(repoRoot, 'tests/fixtures/layers');
const fixturePaths = ['lib', 'src', 'scripts', 'tests', 'portal.config.ts'];

function cruise(cwd: string, paths: string[], outputType: 'err' | 'json') {
  return spawnSync(path.join(repoRoot, 'node_modules/.bin/depcruise'), ['--config', config, '--output-type', outputType, ...paths], {cwd, encoding: 'utf8'});
}

describe('the layers', {timeout: 60_000}, () => {
  it('import one way in the repository', () => {
    const paths = checkedPaths();
    expect(paths).toEqual(expect.arrayContaining(['lib', 'src', 'scripts', 'tests', 'bench']));
    const result = cruise(repoRoot, paths, 'err');
    expect(result.stdout + result.stderr).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });

  it('are held by rules that fire on every kind of upward import, and on none that is allowed', () => {
    const {violations} = JSON.parse(cruise(fixture, fixturePaths, 'json').stdout).summary as {violations: Violation[]};
    const found = violations.map(({rule, from, to, cycle}) => `${rule.name}: ${from} → ${cycle ? cycle.map((step) => step.name).join(' → ') : to}`);
    expect(found.sort()).toEqual(
      [
        'no-importing-entry-points: lib/upward.ts → scripts/build.ts',
        'lib-stays-below-the-site: lib/upward.ts → src/theme/widget.ts',
        'shared-code-stands-alone: src/shared/reads-files.ts → src/theme/widget.ts',
        'shared-code-stands-alone: src/shared/reads-files.ts → portal.config.ts',
        'no-node-built-ins-in-browser-code: src/shared/reads-files.ts → fs',
        'no-node-built-ins-in-browser-code: src/theme/widget.ts → path',
        'no-node-built-ins-in-browser-code: src/plugins/thing/client.ts → fs',
        'browser-code-does-not-import-lib: src/theme/widget.ts → lib/paths.ts',
        'plugins-do-not-import-the-site: src/plugins/thing/index.ts → src/components/card.ts',
        'only-tests-import-tests: src/components/card.ts → tests/helper.ts',
        'no-circular: lib/loop-a.ts → lib/loop-b.ts → lib/loop-a.ts',
      ].sort(),
    );
  });

  it('fail the check on a violation, naming the rule and the import', () => {
    const result = cruise(fixture, fixturePaths, 'err');
    expect(result.stdout).toContain('error lib-stays-below-the-site: lib/upward.ts → src/theme/widget.ts');
    expect(result.status).not.toBe(0);
  });
});
