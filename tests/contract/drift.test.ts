/**
 * The drift check holds the hand-written pages to the bundled contract and the
 * CLI description, and fails with file and line on pages that drift.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliCommandNames, cliDescriptionFile, loadCliDescription} from '../../lib/cli/description';
import {OperationIndex} from '../../lib/contract/operations';
import {checkDocumentation, checkExampleNames, checkSourceWording, contractSourceFiles, documentationFiles} from '../../lib/docs/drift';
import {repoRoot} from '../../lib/paths';

const operations = OperationIndex.load();
const commands = cliCommandNames(loadCliDescription(undefined, operations));
const check = (fixture: string) => checkDocumentation([path.join(repoRoot, 'tests/fixtures/drift', fixture)], operations, commands);

describe('the drift check', () => {
  it('passes on every hand-written page', () => {
    const files = documentationFiles();
    expect(files.length).toBeGreaterThan(25);
    expect(checkDocumentation(files, operations, commands)).toEqual([]);
    expect(checkSourceWording([cliDescriptionFile, ...contractSourceFiles()])).toEqual([]);
    expect(checkExampleNames([...contractSourceFiles(), cliDescriptionFile, ...files])).toEqual([]);
    // Parsing every page takes seconds on a loaded machine.
  }, 60_000);

  it('fails on wording the contract contradicts, naming file, line and what to write instead', () => {
    expect(check('wording.md')).toEqual([
      'tests/fixtures/drift/wording.md:5: "a scanning agent picks": a scanning agent is the agent a customer runs inside their network; queued scans are picked up by the scanner: write "the scanner picks it up"',
      'tests/fixtures/drift/wording.md:7: "queued`, then fails": a queued scan never fails (ScanStatus: only a started scan moves to failed): write that it stays queued',
      'tests/fixtures/drift/wording.md:10: "answers `409`": an HTTP status is returned, with its reason phrase: write "returns `409 Conflict`"',
      'tests/fixtures/drift/wording.md:13: "The fields that matter": a repeated lead-in: name what the fields say instead',
      'tests/fixtures/drift/wording.md:17: "domain` for a domain name that proves ownership": a `domain` target is scanned as a whole and, like every target, is verified by a domain of /api/v1/domains/ that covers it: it proves nothing itself',
      'tests/fixtures/drift/wording.md:17: "Only web app and API targets become verified": a `domain` target is scanned as a whole and, like every target, is verified by a domain of /api/v1/domains/ that covers it: it proves nothing itself',
      'tests/fixtures/drift/wording.md:19: "Rotate the key, and set a new `key_expires_at": the new key keeps the policy\'s key_expires_at: set a later key_expires_at first, then rotate',
      'tests/fixtures/drift/wording.md:21: "coverage warnings": coverage is judged by the scan\'s coverage.complete, with coverage.gaps saying why: write "coverage gaps"',
      'tests/fixtures/drift/wording.md:23: "its first 8 characters": every key starts alike (its encoded header): name its key_prefix, the first 8 characters of the key\'s signature',
      'tests/fixtures/drift/wording.md:25: "finding\'s id is its fingerprint": a finding\'s `fingerprint` is a field of its own, by which a later scan matches it: say what uses the `id`',
    ]);
  });

  it('fails on a curl option newer than some curl, used without the version it needs', () => {
    expect(check('curl-version.md')).toEqual([
      'tests/fixtures/drift/curl-version.md:3: --fail-with-body needs curl 7.76 or later: say so on the page ("needs curl 7.76 or later")',
    ]);
  });

  it('fails on a scanning agent that stands for the hosted scanner: waiting for one, one picking a scan up, a free one, a hosted fleet', () => {
    const instead =
      'a scanning agent is the agent a customer runs inside their network; queued scans are picked up by the scanner: write "the scanner picks it up"';
    expect(check('scanning-agent.md')).toEqual(
      [
        [5, 'a **scanning agent** picks'],
        [7, 'waits for a scanning agent'],
        [10, 'an agent is running it'],
        [10, 'a scanning agent is free'],
        [10, 'free scanning agent'],
        [12, 'A scanning agent is where'],
        [14, 'hosted fleet'],
      ].map(([line, words]) => `tests/fixtures/drift/scanning-agent.md:${line}: "${words}": ${instead}`),
    );
  });

  it('fails on a permission named by what it allows, not by its codename', () => {
    const instead = "name the permission by its codename (`targets.scan`), as the operation's page and the required-permissions page do";
    expect(check('permission-names.md')).toEqual([
      `tests/fixtures/drift/permission-names.md:5: "the permission to manage": ${instead}`,
      `tests/fixtures/drift/permission-names.md:7: "the permission to control": ${instead}`,
    ]);
  });

  it('fails on an error body shown without a code, or with a code the contract does not give its status', () => {
    const codes401 = 'api_key_invalid, authentication_required';
    const all = OperationIndex.load().errorCodes();
    expect(all).toEqual(expect.arrayContaining(['api_key_invalid', 'not_found', 'rate_limited', 'validation_failed']));
    expect(check('error-examples.md')).toEqual([
      `tests/fixtures/drift/error-examples.md:15: the error body shown has no "code", which every error carries: a 401 has ${codes401}`,
      `tests/fixtures/drift/error-examples.md:24: "rate_limited" is no error code the contract gives a 401: it has ${codes401}`,
      `tests/fixtures/drift/error-examples.md:33: "credentials_missing" is no error code the contract gives an error: it has ${all.join(', ')}`,
    ]);
  });

  it("fails on a table of a field's values that leaves out a value of its enum, or lists one the contract does not have", () => {
    expect(check('enum-table.md')).toEqual([
      "tests/fixtures/drift/enum-table.md:3: the table of `retest_status` leaves out `still_open`, `error` of the contract's values",
      'tests/fixtures/drift/enum-table.md:9: the table of `verification_status` lists `unverified`, `approved`, which no enum of a `verification_status` field of the contract holds together',
    ]);
  });

  it('fails on a sentence of over 35 words in prose, but not in code or tables', () => {
    expect(check('long-sentence.md')).toEqual([
      'tests/fixtures/drift/long-sentence.md:5: a sentence of 45 words (at most 35): split "When the scan ends, whatever its status, the …"',
      'tests/fixtures/drift/long-sentence.md:8: a sentence of 36 words (at most 35): split "A list item is prose as well, so …"',
    ]);
  });

  it('fails on an example id shown with another name, and a name shown with another id under the same field', () => {
    const fixtures = ['names-first.md', 'names-second.md'].map((name) => path.join(repoRoot, 'tests/fixtures/drift', name));
    expect(checkExampleNames(fixtures)).toEqual([
      'tests/fixtures/drift/names-second.md:4: example id 8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f is named "Platform" here and "Payments" in tests/fixtures/drift/names-first.md:4: one id, one name',
      'tests/fixtures/drift/names-second.md:5: the example team "Payments" has id b2d94c10-5e8a-4f63-8c1d-7a9e2f0b6d45 here and 8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f in tests/fixtures/drift/names-first.md:4: one team, one id',
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
      'tests/fixtures/drift/shown-response.md:16: targets_list has no 200 example named "api-only"; its examples are all-targets, api-targets, second-page',
      'tests/fixtures/drift/shown-response.md:22: the response shown contradicts the request: /results/0/type: filtered by type=api, returned "web_app"; show a named example of targets_list that agrees (example=…)',
    ]);
  });

  it("fails on an option the command does not have, across continued lines, and on an exit code outside the CLI's table", () => {
    expect(check('cli-options.md')).toEqual([
      'tests/fixtures/drift/cli-options.md:4: "{{cli}} scans start" has no option --ignore-coverage',
      'tests/fixtures/drift/cli-options.md:5: "{{cli}} findings list" has no option -x',
      'tests/fixtures/drift/cli-options.md:5: "{{cli}} findings list" has no option --colour',
      "tests/fixtures/drift/cli-options.md:10: exit code 12 is not in the CLI's table of exit codes",
      "tests/fixtures/drift/cli-options.md:15: exit code 9 is not in the CLI's table of exit codes",
      "tests/fixtures/drift/cli-options.md:17: exit code 9 is not in the CLI's table of exit codes",
      "tests/fixtures/drift/cli-options.md:21: exit code 12 is not in the CLI's table of exit codes",
    ]);
  });
});

describe('the CLI description against the contract', () => {
  it('names only operations of the contract', () => {
    expect(() => loadCliDescription(path.join(repoRoot, 'tests/fixtures/cli/unknown-operation.yaml'), operations)).toThrow(
      /tests\/fixtures\/cli\/unknown-operation\.yaml:30:\d+ \(\/groups\/0\/commands\/0\/operations\/0\): operation "targets_scans_launch" is not in the API contract/,
    );
  });

  it('rejects an argument or option whose api name no operation of its command takes', () => {
    expect(() => loadCliDescription(path.join(repoRoot, 'tests/fixtures/cli/unknown-api-name.yaml'), operations)).toThrow(
      /tests\/fixtures\/cli\/unknown-api-name\.yaml:35:\d+ \(\/groups\/0\/commands\/0\/options\/0\/api\): "scan_profile_ident" is no parameter or body field of targets_scans_create/,
    );
  });
});
