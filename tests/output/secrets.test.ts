/**
 * Nothing the build publishes looks like a secret to a scanner: secretlint
 * with its recommended rules (`npm run check:secrets`) reads every file of
 * build/ but the gzip copies and the images, and finds nothing. A realistic
 * token planted in a copy of a built page is found at its line, so the scan
 * cannot pass by reading nothing.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {SecretFinding} from '../../lib/build/secrets';
import {buildDir, repoRoot} from '../../lib/paths';

/** The scan as `npm run check:secrets` runs it, in its own process. */
function checkSecrets(dir: string, json = true) {
  const result = spawnSync('npx', ['tsx', 'scripts/check-secrets.ts', dir, ...(json ? ['--json'] : [])], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {...result, report: json && result.stdout ? (JSON.parse(result.stdout) as {scanned: string[]; findings: SecretFinding[]}) : undefined};
}

const filesOf = (dir: string) =>
  fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

// Scanning the whole build takes a while on a busy machine.
describe('the build output', {timeout: 300_000}, () => {
  let scan: ReturnType<typeof checkSecrets>;
  beforeAll(() => {
    scan = checkSecrets(buildDir);
  }, 300_000);

  it('is scanned whole: every file but the gzip copies, the images and the CLI package', () => {
    expect(scan.stderr).toBe('');
    // The CLI package (/cli/*.tgz) is compressed like the gzip copies: what it holds is the client bundled from lib/ and cli/.
    const expected = filesOf(buildDir)
      .filter((file) => !file.endsWith('.gz') && !file.endsWith('.tgz') && !/\.(png|jpe?g|gif|webp|ico|woff2?)$/.test(file))
      .sort();
    expect(scan.report!.scanned).toEqual(expected);
    for (const kind of [
      /\.html$/,
      /\.js$/,
      /\.json$/,
      /\.md$/,
      /^openapi\.yaml$/,
      /^openapi\.json$/,
      /^postman-collection\.json$/,
      /^llms\.txt$/,
      /^llms-full\.txt$/,
    ]) {
      expect(
        expected.some((file) => kind.test(file)),
        String(kind),
      ).toBe(true);
    }
  });

  it('holds nothing a secret scanner flags', () => {
    expect(scan.report!.findings.map(({file, line, column, rule, message}) => `${file}:${line}:${column} ${rule}: ${message}`)).toEqual([]);
    expect(scan.status).toBe(0);
  });
});

describe('the secret scan', {timeout: 120_000}, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  // Assembled here, so that this file holds no token a scanner would flag.
  const slackBotToken = ['xoxb', '2048163279', '5120947713', 'Qz8vN2kR7mT4wY9pB3cF6hJ1'].join('-');
  const page = 'api/reference/integrations-slack-update.html';

  beforeAll(() => {
    // A built page with a token on a line of its own: the line after the first.
    const lines = fs.readFileSync(path.join(buildDir, page), 'utf8').split('\n');
    lines.splice(1, 0, `<p>bot_token: ${slackBotToken}</p>`);
    fs.mkdirSync(path.join(dir, path.dirname(page)), {recursive: true});
    fs.writeFileSync(path.join(dir, page), lines.join('\n'));
    fs.copyFileSync(path.join(buildDir, 'openapi.yaml'), path.join(dir, 'openapi.yaml'));
  });
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  it('finds a Slack bot token planted in a copy of a built page, naming the file, line and rule, the token masked', () => {
    const {report, status} = checkSecrets(dir);
    expect(report!.scanned).toEqual(['api/reference/integrations-slack-update.html', 'openapi.yaml']);
    expect(report!.findings).toEqual([
      {file: page, line: 2, column: 15, rule: '@secretlint/secretlint-rule-slack', message: expect.stringMatching(/^found slack token: \*+$/)},
    ]);
    expect(status).toBe(1);
  });

  it('prints each finding as file:line:column, rule and message, and fails', () => {
    const {stdout, status} = checkSecrets(dir, false);
    expect(stdout).toContain(`${path.join(path.relative(repoRoot, dir), page)}:2:15  @secretlint/secretlint-rule-slack  found slack token: `);
    expect(stdout).not.toContain(slackBotToken);
    expect(stdout).toMatch(/Scanned 2 files in .*: 1 finding\.\n$/);
    expect(status).toBe(1);
  });
});
