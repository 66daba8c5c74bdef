import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  GUARD_LINE,
  lockedDocusaurusPackages,
  newestInMajor,
  rehearsalReport,
  resolvePeers,
  run,
  stepResult,
  TAIL_LINES,
  withDocusaurus,
  withoutFutureFlags,
} from '../../lib/upgrade/rehearsal';

describe('the Docusaurus upgrade rehearsal', () => {
  it('picks the newest version of the major, a release after its prereleases', () => {
    const versions = ['3.10.2', '3.10.1-canary-6807', '4.0.0-canary-6808', '4.0.0-canary-6822', '4.0.0-canary-700'];
    expect(newestInMajor(versions, 4)).toBe('4.0.0-canary-6822');
    expect(newestInMajor([...versions, '4.0.0'], 4)).toBe('4.0.0');
    expect(newestInMajor(versions, 5)).toBeUndefined();
  });

  it('moves every @docusaurus package, the peers it needs and what depends on them, to that version', () => {
    const manifest = {
      dependencies: {'@docusaurus/core': '3.10.2', react: '19.3.1'},
      devDependencies: {'@docusaurus/types': '3.10.2', typescript: '5.9.3'},
      overrides: {'@swc/core': '1.16.18'},
    };
    expect(withDocusaurus(manifest, '4.0.0-canary-6822', {typescript: '6.0.2'})).toEqual({
      dependencies: {'@docusaurus/core': '4.0.0-canary-6822', react: '19.3.1'},
      devDependencies: {'@docusaurus/types': '4.0.0-canary-6822', typescript: '6.0.2'},
      overrides: {'@swc/core': '1.16.18', '@docusaurus/core': '4.0.0-canary-6822', '@docusaurus/types': '4.0.0-canary-6822'},
    });
    expect(withDocusaurus(manifest, '4.0.0-canary-6822', {typescript: '6.0.2'}, {'openapi-typescript': {typescript: '$typescript'}}).overrides).toEqual({
      '@swc/core': '1.16.18',
      '@docusaurus/core': '4.0.0-canary-6822',
      '@docusaurus/types': '4.0.0-canary-6822',
      'openapi-typescript': {typescript: '$typescript'},
    });
  });

  it('moves the @docusaurus packages only its plugins depend on too, so that one copy of each is installed', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@docusaurus/core': {},
        'node_modules/@docusaurus/theme-common': {},
        'node_modules/@docusaurus/theme-classic/node_modules/@docusaurus/theme-common': {},
        'node_modules/docusaurus-theme-openapi-docs/node_modules/@docusaurus/utils-common': {},
        'node_modules/@docusaurus/core/node_modules/execa': {},
      },
    };
    expect(lockedDocusaurusPackages(lock)).toEqual(['@docusaurus/core', '@docusaurus/theme-common', '@docusaurus/utils-common']);
    const manifest = {dependencies: {'@docusaurus/core': '3.10.2'}, devDependencies: {}};
    expect(withDocusaurus(manifest, '4.0.0-canary-6808', {}, {}, ['@docusaurus/theme-common']).overrides).toEqual({
      '@docusaurus/core': '4.0.0-canary-6808',
      '@docusaurus/theme-common': '4.0.0-canary-6808',
    });
  });

  it('moves a dependency whose peer range excludes a moved package to its newest release if that admits it, else overrides its peer', () => {
    // As npm matches these ranges for the versions at hand.
    const admits = (_name: string, range: string, version: string) => (range === '>=5' ? true : range === '^5.x' ? version.startsWith('5.') : false);
    const dependents = [
      {name: 'typescript-eslint', peers: {typescript: '^5.x'}, newest: {version: '9.0.0', peers: {typescript: '>=5'}}},
      {name: 'openapi-typescript', peers: {typescript: '^5.x'}, newest: {version: '7.13.0', peers: {typescript: '^5.x'}}},
      {name: 'ajv-formats', peers: {typescript: '>=5'}, newest: {version: '3.0.1', peers: {typescript: '>=5'}}},
    ];
    expect(resolvePeers(dependents, {typescript: '6.0.3'}, admits)).toEqual({
      moves: {'typescript-eslint': '9.0.0'},
      overrides: {'openapi-typescript': {typescript: '$typescript'}},
      notes: [
        'typescript-eslint moves to 9.0.0: its peer ranges admit typescript 6.0.3',
        'openapi-typescript 7.13.0, its newest release, wants typescript ^5.x: overridden to take typescript 6.0.3',
      ],
    });
  });

  it('drops the future flags of the rehearsed major from the configuration, and nothing else', () => {
    const config = `  future: {\n    v4: {removeLegacyPostBuildHeadAttribute: true},\n    faster: true,\n  },\n`;
    expect(withoutFutureFlags(config, 4)).toEqual({text: `  future: {\n    faster: true,\n  },\n`, removed: true});
    expect(withoutFutureFlags(config, 5)).toEqual({text: config, removed: false});
  });

  it("reads a guard's message as fired, and the build steps' progress lines as not", () => {
    expect(GUARD_LINE.test('[prism-bundle] prism-react-renderer no longer exports its Prism')).toBe(true);
    expect(GUARD_LINE.test('pinned-dependency-fixes: written for @docsearch/react 5.2.0')).toBe(true);
    expect(GUARD_LINE.test('[postman] postman-collection.json written in 39.96 s on another thread')).toBe(false);
    expect(GUARD_LINE.test('[search] 22064 records from 418 routes')).toBe(false);
  });

  it("keeps a failed stage's last lines as printed, which the lines picked for errors leave out", () => {
    // A bundler's error as Rspack prints it: the `×` line and its excerpt contain no "error".
    const bundlerError = [
      "× Module not found: Can't resolve 'string_decoder' in 'node_modules/iconv-lite/encodings'",
      '    ╭─[49:20]',
      " 49 │ var StringDecoder = require('string_decoder').StringDecoder;",
      '    ╰────',
    ];
    const progress = Array.from({length: 100}, (_, index) => `progress line ${index}`);
    const output = [...progress, '[ERROR] Client bundle compiled with errors therefore further build is impossible.', ...bundlerError, ''].join('\n');
    const isError = (line: string) => /Error|error/.test(line);

    const failed = stepResult('build', 1, `\u001b[31m${output}\u001b[0m\n\n`, isError);
    expect(failed.failures).toEqual(['[ERROR] Client bundle compiled with errors therefore further build is impossible.']);
    expect(failed.tail).toHaveLength(TAIL_LINES);
    expect(failed.tail.slice(-4)).toEqual(bundlerError);
    expect(failed.tail[0]).toBe(`progress line ${100 + 5 - TAIL_LINES}`);
    const report = rehearsalReport([failed]).split('\n');
    expect(report).toContain(`  its last ${TAIL_LINES} lines:`);
    expect(report.slice(-4)).toEqual(bundlerError.map((line) => `    ${line}`));

    const passed = stepResult('build', 0, output, isError);
    expect(passed.tail).toEqual([]);
    expect(rehearsalReport([passed])).not.toContain('Module not found');
  });

  it('runs a stage with its two streams in one log, so the tail keeps the order they were printed in', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehearsal-stage-'));
    const program = "console.log('out 1'); console.error('err 2'); console.log('out 3'); process.exit(3)";
    const step = run('a stage', process.execPath, ['-e', program], dir, () => false);
    expect(step).toEqual({name: 'a stage', ok: false, failures: [], tail: ['out 1', 'err 2', 'out 3']});
    expect(fs.readFileSync(path.join(dir, '.rehearsal', 'a-stage.log'), 'utf8')).toBe('out 1\nerr 2\nout 3\n');
    fs.rmSync(dir, {recursive: true});
  });
});
