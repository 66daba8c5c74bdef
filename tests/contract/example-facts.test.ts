/**
 * The contract's examples agree with what it says of them (lib/contract/example-facts.ts): the compiled
 * contract has no disagreement, and one planted in a copy of it for each rule is found.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {actorContradictions, errorCodeContradictions, occurredAtContradictions} from '../../lib/contract/example-facts';
import {contractOutput} from '../../lib/paths';

const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
const schemas = contract.components.schemas;
/** The JSON media of an operation's response, in `document`. */
const jsonOf = (document: any, operationPath: string, method: string, status: string) =>
  document.paths[operationPath][method].responses[status].content['application/json'];

describe("the contract's examples agree with its words", () => {
  it('name no actor for the actions the scanner takes alone, such as a finished re-test', () => {
    expect(actorContradictions(contract)).toEqual([]);
    expect(schemas.FindingLogAction['x-enum-descriptions'].retest_finished).toContain('`actor` is null');
  });

  it('finds an actor planted on a finished re-test, naming the operation, the example and the field', () => {
    const planted = structuredClone(contract);
    const logs = jsonOf(planted, '/api/v1/targets/{target_id}/findings/{finding_id}/logs/', 'get', '200');
    logs.examples['retest-finished'].value.results[0].actor = {id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', name: 'Ana Costa'};
    expect(actorContradictions(planted)).toEqual([
      'targets_findings_logs_list 200 (retest-finished): /results/0: action retest_finished has a null actor, as its description says, yet the example names {"id":"e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b","name":"Ana Costa"}',
    ]);
  });

  it('date every webhook event at or after the times of what it reports', () => {
    expect(occurredAtContradictions(contract)).toEqual([]);
    const completed = schemas.ScanCompletedEvent.example;
    expect(Date.parse(completed.occurred_at)).toBeGreaterThan(Date.parse(completed.scan.finished_at));
  });

  it("finds an event planted before the scan it reports finished, in the schema's example and in the deliveries that carry it", () => {
    const planted = structuredClone(contract);
    planted.components.schemas.ScanCompletedEvent.example.occurred_at = '2026-10-01T09:20:11Z';
    jsonOf(planted, '/api/v1/webhooks/{webhook_id}/test/', 'post', '200').example.payload.occurred_at = '2026-10-01T09:20:11Z';
    expect(occurredAtContradictions(planted)).toEqual([
      'webhooks_test 200: /payload: occurred_at 2026-10-01T09:20:11Z is before what the event reports: scan/finished_at 2026-10-01T09:47:30Z',
      'schema ScanCompletedEvent: /: occurred_at 2026-10-01T09:20:11Z is before what the event reports: scan/finished_at 2026-10-01T09:47:30Z',
    ]);
  });

  it('give every error example a code its status allows', () => {
    expect(errorCodeContradictions(contract)).toEqual([]);
  });

  it('finds an error example without a code, and one with a code of another status', () => {
    const planted = structuredClone(contract);
    const scanStart = (status: string) => jsonOf(planted, '/api/v1/targets/{target_id}/scans/', 'post', status);
    scanStart('401').example = {detail: 'The API key has expired.', errors: {}, request_id: 'req_8f3c2a1b9d7e4f60'};
    scanStart('409').example = {
      code: 'permission_denied',
      detail: 'The target already has a scan in progress.',
      errors: {},
      request_id: 'req_8f3c2a1b9d7e4f60',
    };
    const problems = errorCodeContradictions(planted);
    expect(problems).toEqual([
      'targets_scans_create 401: /code: missing',
      'targets_scans_create 409: /code: "permission_denied" is not one of scan_in_progress, target_not_verified, no_free_slot, state_conflict, already_exists',
    ]);
  });
});
