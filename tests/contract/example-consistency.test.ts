/**
 * The contract's examples agree with their requests (lib/contract/example-consistency.ts):
 * the compiled contract has no contradiction, and one planted for each rule is found.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {exampleContradictions, shownResponseContradictions} from '../../lib/contract/example-consistency';
import {contractOutput, repoRoot} from '../../lib/paths';

const fixture = parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/example-consistency/contradictions.yaml'), 'utf8'));

describe('example consistency', () => {
  it('finds no response example of the compiled contract that contradicts its request', () => {
    expect(exampleContradictions(JSON.parse(fs.readFileSync(contractOutput.json, 'utf8')))).toEqual([]);
  });

  it('finds each planted contradiction, naming the operation, the field and both values', () => {
    expect(exampleContradictions(fixture)).toEqual([
      'targets_partial_update: /name: sent "Payments", returned "Checkout"',
      'targets_partial_update: /labels/1: sent "production", returned "staging"',
      'audit_log_list: /results/1/action: filtered by action=retest_finished, returned "state_changed"',
      'targets_scan_now: /notes: takes no body, yet returns "Release 4.12.0", which only a request body sets (targets_scans_create)',
    ]);
  });

  it('accepts a bodyless answer that leaves the fields a request sets at their default', () => {
    const scanNow = fixture.paths['/api/v1/targets/{target_id}/scan_now/'].post.responses['200'].content['application/json'];
    const fixed = structuredClone(fixture);
    fixed.paths['/api/v1/targets/{target_id}/scan_now/'].post.responses['200'].content['application/json'] = {
      ...scanNow,
      example: {...scanNow.example, notes: ''},
    };
    expect(exampleContradictions(fixed).filter((problem) => problem.startsWith('targets_scan_now'))).toEqual([]);
  });

  it('judges named examples pair by pair, naming the example', () => {
    const patch = structuredClone(fixture);
    const operation = patch.paths['/api/v1/targets/{target_id}/'].patch;
    operation.requestBody.content['application/json'] = {
      schema: operation.requestBody.content['application/json'].schema,
      examples: {rename: {value: {name: 'Payments'}}, relabel: {value: {labels: ['pci']}}},
    };
    operation.responses['200'].content['application/json'] = {
      schema: operation.responses['200'].content['application/json'].schema,
      // "rename" agrees with its request; "relabel" returns labels it was not sent.
      examples: {rename: {value: {id: 't1', name: 'Payments', labels: ['staging']}}, relabel: {value: {id: 't1', name: 'Checkout', labels: ['staging']}}},
    };
    expect(exampleContradictions(patch).filter((problem) => problem.startsWith('targets_partial_update'))).toEqual([
      'targets_partial_update (relabel): /labels/0: sent "pci", returned "staging"',
    ]);
  });

  it('judges the response a page shows under a request by the same rules', () => {
    const request = {query: new URLSearchParams('action=retest_finished&page=2'), body: {state: 'accepted_risk'}};
    expect(shownResponseContradictions(request, {state: 'open', results: [{action: 'retest_finished'}, {action: 'state_changed'}]})).toEqual([
      '/state: sent "accepted_risk", returned "open"',
      '/results/1/action: filtered by action=retest_finished, returned "state_changed"',
    ]);
  });
});
