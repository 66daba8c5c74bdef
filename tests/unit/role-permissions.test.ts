/**
 * A role a page recommends grants what the command lines of its pages need,
 * computed from the CLI description (each command's operations, and those
 * its options add) and each operation's required permission. The
 * permissions here are a fixture standing for the contract's
 * x-required-permission; the drift check reads the compiled contract's.
 */
import fs from 'node:fs';
import path from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import {cliCommandNames, loadCliDescription} from '../../lib/cli/description';
import {rolePermissionProblems} from '../../lib/docs/role-permissions';
import {repoRoot} from '../../lib/paths';

const commands = cliCommandNames(loadCliDescription());
const REQUIRED: Record<string, string> = {
  profile_retrieve: 'profile.view',
  profile_permissions_list: 'profile.view',
  targets_scans_create: 'targets.scan',
  targets_scans_retrieve: 'targets.view',
  scans_warnings_list: 'targets.view',
  targets_findings_list: 'findings.view',
  definitions_retrieve: 'catalog.view',
};
const permissionOf = (id: string) => REQUIRED[id];

const problemsOf = (file: string, source = fs.readFileSync(file, 'utf8')) =>
  rolePermissionProblems(file, unified().use(remarkParse).use(remarkFrontmatter).parse(source), commands, permissionOf);

const fixture = path.join(repoRoot, 'tests/fixtures/drift/roles/index.md');
const pipeline = 'tests/fixtures/drift/roles/pipeline.md';

describe('the roles pages recommend', () => {
  it('scans start calls the scan reads only with --wait; whoami calls the profile', () => {
    expect(commands.operations.get('scans start')?.always).toEqual(['targets_scans_create']);
    expect(commands.operations.get('scans start')?.byOption.get('wait')).toContain('definitions_retrieve');
    expect(commands.operations.get('whoami')?.always).toEqual(['profile_retrieve', 'profile_permissions_list']);
  });

  it('names each permission the role lacks, with the command that needs it, and each it grants in vain', () => {
    expect(problemsOf(fixture)).toEqual([
      {line: 5, message: `role "CI pipeline" lacks profile.view, which "{{cli}} whoami" needs (profile_retrieve) at ${pipeline}:4`},
      {line: 5, message: `role "CI pipeline" lacks catalog.view, which "{{cli}} scans start" needs (definitions_retrieve) at ${pipeline}:5`},
      {line: 5, message: 'role "CI pipeline" grants findings.manage, which no command of its pages needs'},
    ]);
  });

  it('passes the role the pipeline needs', () => {
    const source = fs.readFileSync(fixture, 'utf8').replace('  - findings.manage\n', '  - catalog.view\n  - profile.view\n');
    expect(problemsOf(fixture, source)).toEqual([]);
  });

  it('rejects a role that is no list of permissions', () => {
    const source = fs.readFileSync(fixture, 'utf8').replace('permissions:', 'permission:');
    expect(problemsOf(fixture, source)).toEqual([{line: 5, message: 'role "CI pipeline" must hold "permissions:", a list of permission codenames'}]);
  });
});
