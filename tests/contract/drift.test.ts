/**
 * The drift check holds the hand-written pages to the bundled contract and the
 * CLI description, and fails with file and line on pages that drift.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliCommandNames, cliDescriptionFile, loadCliDescription} from '../../lib/cli/description';
import {OperationIndex} from '../../lib/contract/operations';
import {checkCliWording, checkDocumentation, documentationFiles} from '../../lib/docs/drift';
import {repoRoot} from '../../lib/paths';

const operations = OperationIndex.load();
const commands = cliCommandNames(loadCliDescription(undefined, operations));
const check = (fixture: string) => checkDocumentation([path.join(repoRoot, 'tests/fixtures/drift', fixture)], operations, commands);

describe('the drift check', () => {
  it('passes on every hand-written page', () => {
    const files = documentationFiles();
    expect(files.length).toBeGreaterThan(25);
    expect(checkDocumentation(files, operations, commands)).toEqual([]);
    expect(checkCliWording(cliDescriptionFile)).toEqual([]);
    // Parsing every page takes seconds on a loaded machine.
  }, 60_000);

  it('fails on wording the contract contradicts, naming file, line and what to write instead', () => {
    expect(check('wording.md')).toEqual([
      'tests/fixtures/drift/wording.md:5: "a scanning agent picks": a scanning agent is the agent a customer runs inside their network; queued scans are picked up by the scanner: write "the scanner picks it up"',
    ]);
  });

  it('fails on a request to a path the contract does not have, naming file and line', () => {
    expect(check('wrong-path.md')).toEqual([
      'tests/fixtures/drift/wrong-path.md:8: POST /api/v1/targets/3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c/scan/ is not an operation of the contract',
    ]);
  });

  it('fails on a body the operation schema rejects: a missing field, a wrong type, an undeclared field', () => {
    const problems = check('invalid-body.md');
    expect(problems).toContain("tests/fixtures/drift/invalid-body.md:8: body must have required property 'team_id'");
    expect(problems).toContain('tests/fixtures/drift/invalid-body.md:8: body/labels must be array');
    expect(problems).toContain('tests/fixtures/drift/invalid-body.md:8: body has a field "team" that the contract does not declare');
  });

  it('reads hand-written curl and Python calls, CLI commands and marked JSON objects', () => {
    const [curl, python, cli, ...scan] = check('hand-written-code.md');
    expect(curl).toBe(
      'tests/fixtures/drift/hand-written-code.md:6: DELETE /api/v1/targets/{…}/scans/ is not an operation of the contract; this path takes GET (targets_scans_list), POST (targets_scans_create)',
    );
    expect(python).toBe('tests/fixtures/drift/hand-written-code.md:11: targets_list has no query parameter "colour"');
    expect(cli).toBe('tests/fixtures/drift/hand-written-code.md:14: "{{cli}} scans explode" names no command of the CLI description');
    expect(scan).toContain("tests/fixtures/drift/hand-written-code.md:19: Scan must have required property 'status'");
    expect(scan).toContain('tests/fixtures/drift/hand-written-code.md:19: Scan has a field "findings_count" that the contract does not declare');
    expect(scan.every((problem) => problem.startsWith('tests/fixtures/drift/hand-written-code.md:19: Scan '))).toBe(true);
  });

  it('fails on a shown response that contradicts the request above it, and on an example name the operation does not have', () => {
    expect(check('shown-response.md')).toEqual([
      'tests/fixtures/drift/shown-response.md:7: the response shown contradicts the request: /name: sent "Shop API", returned "Checkout web app"; show a named example of targets_create that agrees (example=…)',
      'tests/fixtures/drift/shown-response.md:7: the response shown contradicts the request: /type: sent "api", returned "web_app"; show a named example of targets_create that agrees (example=…)',
      'tests/fixtures/drift/shown-response.md:7: the response shown contradicts the request: /url: sent "https://api.shop.example.com", returned "https://shop.example.com"; show a named example of targets_create that agrees (example=…)',
      'tests/fixtures/drift/shown-response.md:7: the response shown contradicts the request: /labels: sent ["production"], returned ["pci","production"]; show a named example of targets_create that agrees (example=…)',
      'tests/fixtures/drift/shown-response.md:16: targets_list has no 200 example named "api-only"; its examples are all-targets, api-targets',
      'tests/fixtures/drift/shown-response.md:22: the response shown contradicts the request: /results/0/type: filtered by type=api, returned "web_app"; show a named example of targets_list that agrees (example=…)',
    ]);
  });

  it("fails on an option the command does not have, across continued lines, and on an exit code outside the CLI's table", () => {
    expect(check('cli-options.md')).toEqual([
      'tests/fixtures/drift/cli-options.md:4: "{{cli}} scans start" has no option --ignore-coverage',
      'tests/fixtures/drift/cli-options.md:5: "{{cli}} findings list" has no option -x',
      'tests/fixtures/drift/cli-options.md:5: "{{cli}} findings list" has no option --colour',
      "tests/fixtures/drift/cli-options.md:10: exit code 12 is not in the CLI's table of exit codes",
    ]);
  });
});

describe('the CLI description against the contract', () => {
  it('names only operations of the contract', () => {
    expect(() => loadCliDescription(path.join(repoRoot, 'tests/fixtures/cli/unknown-operation.yaml'), operations)).toThrow(
      /tests\/fixtures\/cli\/unknown-operation\.yaml:30:\d+ \(\/groups\/0\/commands\/0\/operations\/0\): operation "targets_scans_launch" is not in the API contract/,
    );
  });
});
