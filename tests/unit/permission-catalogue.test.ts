import {describe, expect, it} from 'vitest';
import {wordingProblemsOf} from '../../lib/docs/wording';
import {permissionCataloguePage, requiredPermissionLine} from '../../lib/reference/permission-catalogue';

const document = {
  paths: {
    '/findings/{id}/retest/': {post: {operationId: 'findings_retest', summary: 'Re-test a finding', 'x-required-permission': 'findings.retest'}},
    '/findings/': {get: {operationId: 'findings_list', summary: 'List findings', 'x-required-permission': 'findings.view'}},
  },
  components: {
    schemas: {
      PermissionCodename: {
        type: 'string',
        enum: ['findings.view', 'findings.retest'],
        'x-enum-descriptions': {'findings.view': 'Read findings.', 'findings.retest': 'Start re-tests.'},
        'x-built-in-roles': [
          {name: 'Viewer', description: 'Reads.', permissions: ['findings.view']},
          {name: 'Pipeline', description: 'CI | keys.', permissions: ['findings.view', 'findings.retest']},
        ],
      },
    },
  },
};

describe('the permission catalogue', () => {
  it('lists each codename with its description, the roles that hold it and the operations it allows', () => {
    const page = permissionCataloguePage(document);
    expect(page).toMatch(/^---\ntitle: Required permissions\n/);
    expect(page).toContain('| Pipeline | CI \\| keys. |');
    expect(page).toContain(
      '## `findings.retest` {#findings-retest}\n\nStart re-tests.\n\nHeld by the built-in roles: Pipeline.\n\nAllows 1 operation:\n\n- [Re-test a finding](/api/reference/findings-retest): `POST /findings/{id}/retest/`',
    );
    expect(page).toContain('## `findings.view` {#findings-view}\n\nRead findings.\n\nHeld by the built-in roles: Viewer, Pipeline.');
  });

  it('says what a request without the permission gets, in the wording the pages are held to', () => {
    const page = permissionCataloguePage(document);
    expect(page).toContain('returns `403 Forbidden` with the error code `permission_denied`');
    expect(wordingProblemsOf(page)).toEqual([]);
  });

  it('links an operation’s required permission to its codename on the catalogue', () => {
    expect(requiredPermissionLine('findings.retest')).toBe('Required permission: [`findings.retest`](/api/reference/required-permissions#findings-retest)');
  });

  it('fails on a contract without the catalogue', () => {
    expect(() => permissionCataloguePage({paths: {}})).toThrow(/no PermissionCodename enum/);
  });
});
