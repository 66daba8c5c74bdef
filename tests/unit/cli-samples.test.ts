/** The CLI as a request-sample language (lib/reference/cli-samples.ts), on the CLI description: which command and options make an operation. */
import {describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {cliSample} from '../../lib/reference/cli-samples';

const source = {name: 'vigil', description: loadCliDescription()};
const TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const TEAM = '5c2d7e9f-1a3b-4c5d-8e6f-7a8b9c0d1e2f';

describe('a CLI sample', () => {
  it('gives an option that names operations of its own to those alone: --team moves a target, never through the update', () => {
    const body = {name: 'Checkout', team_id: TEAM};
    expect(cliSample(source, 'targets_partial_update', {path: {target_id: TARGET}, query: {}, body})).toBe(`vigil targets update ${TARGET} --name Checkout`);
    expect(cliSample(source, 'targets_move_team', {path: {target_id: TARGET}, query: {}, body: {team_id: TEAM}})).toBe(
      `vigil targets update ${TARGET} \\\n  --team ${TEAM}`,
    );
  });
});
