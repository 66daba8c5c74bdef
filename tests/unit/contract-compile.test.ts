import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {compileContract} from '../../lib/contract/compile';

const fixture = (name: string) => path.join(__dirname, '../fixtures/contract', `${name}.tsp`);

describe('contract compilation errors name the file and line', {timeout: 60_000}, () => {
  it('a syntax error', async () => {
    await expect(compileContract(fixture('syntax-error'))).rejects.toThrow(
      /The API contract does not compile:\ntests\/fixtures\/contract\/syntax-error\.tsp:7:15 - error token-expected: ';' expected/,
    );
  });

  it('an unresolved reference', async () => {
    await expect(compileContract(fixture('unresolved-reference'))).rejects.toThrow(
      /unresolved-reference\.tsp:6:\d+ - error invalid-ref: Unknown identifier Pet/,
    );
  });

  it('a duplicate operation id', async () => {
    await expect(compileContract(fixture('duplicate-operation-id'))).rejects.toThrow(
      /duplicate-operation-id\.tsp:9:\d+ - error duplicate-operation-id: "pets_list" is also the id of the operation at tests\/fixtures\/contract\/duplicate-operation-id\.tsp:8:\d+/,
    );
  });

  it('an enum value without a description', async () => {
    await expect(compileContract(fixture('undocumented-enum-value'))).rejects.toThrow(
      'The API contract does not compile:\ntests/fixtures/contract/undocumented-enum-value.tsp:13:3 - error enum-value-description: value "medium" of enum Severity has no description; write one as a /** */ comment above it',
    );
  });

  it('an operation without a required permission, or with a codename the catalogue does not list', async () => {
    const error = compileContract(fixture('required-permission'));
    await expect(error).rejects.toThrow(
      /required-permission\.tsp:17:\d+ - error required-permission: "pets\.manage" is not a codename of the PermissionCodename enum/,
    );
    await expect(error).rejects.toThrow(/required-permission\.tsp:20:\d+ - error required-permission: operation listDogs declares no required permission/);
  });
});
