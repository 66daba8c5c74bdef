/** The OpenAPI helper every generator and test reads documents with (lib/openapi.ts). */
import {describe, expect, it} from 'vitest';
import {HTTP_METHODS, operationsOf, resolveRef, statusLine} from '../../lib/openapi';

const document = {
  paths: {
    '/pets/': {
      parameters: [{$ref: '#/components/parameters/Page'}],
      summary: 'Pets',
      post: {operationId: 'pets_create'},
      get: {operationId: 'pets_list'},
    },
    '/pets/{pet_id}/': {delete: {operationId: 'pets_destroy'}, patch: {operationId: 'pets_update'}, trace: {operationId: 'pets_trace'}},
  },
  components: {
    parameters: {Page: {name: 'page', in: 'query'}},
    responses: {NotFound: {$ref: '#/components/responses/Missing'}, Missing: {description: 'Not found', content: {}}},
    schemas: {
      'a/b': {type: 'string'},
      Loop: {$ref: '#/components/schemas/Loop2'},
      Loop2: {$ref: '#/components/schemas/Loop'},
      Node: {type: 'object', properties: {next: {$ref: '#/components/schemas/Node'}}},
    },
  },
};

describe('the HTTP methods', () => {
  it('are every operation field of a path item, once', () => {
    expect([...HTTP_METHODS].sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace']);
  });
});

describe('operationsOf', () => {
  it('lists every operation with its path and method, and nothing else of the path item', () => {
    expect(operationsOf(document).map(({path, method, operation}) => `${method} ${path} ${operation.operationId}`)).toEqual([
      'get /pets/ pets_list',
      'post /pets/ pets_create',
      'patch /pets/{pet_id}/ pets_update',
      'delete /pets/{pet_id}/ pets_destroy',
      'trace /pets/{pet_id}/ pets_trace',
    ]);
    expect(operationsOf({})).toEqual([]);
  });
});

describe('resolveRef', () => {
  it('follows a reference, and references to references, to the node', () => {
    expect(resolveRef(document, {$ref: '#/components/parameters/Page'})).toEqual({name: 'page', in: 'query'});
    expect(resolveRef(document, {$ref: '#/components/responses/NotFound'})).toEqual({description: 'Not found', content: {}});
  });

  it('returns a node that is no reference as it is', () => {
    const node = {type: 'integer'};
    expect(resolveRef(document, node)).toBe(node);
    expect(resolveRef(document, undefined)).toBeUndefined();
  });

  it('reads escaped pointer segments', () => {
    expect(resolveRef(document, {$ref: '#/components/schemas/a~1b'})).toEqual({type: 'string'});
  });

  it('leaves a recursive schema as it is: resolving stops at the schema, not at its fields', () => {
    const node = resolveRef(document, {$ref: '#/components/schemas/Node'});
    expect(node.properties.next).toEqual({$ref: '#/components/schemas/Node'});
  });

  it('throws, naming the references, on a cycle of references, a dangling one or an external one', () => {
    expect(() => resolveRef(document, {$ref: '#/components/schemas/Loop'})).toThrow(
      'The reference #/components/schemas/Loop leads back to itself: #/components/schemas/Loop → #/components/schemas/Loop2 → #/components/schemas/Loop',
    );
    expect(() => resolveRef(document, {$ref: '#/components/schemas/Cat'})).toThrow('The reference #/components/schemas/Cat points to nothing in the document');
    expect(() => resolveRef(document, {$ref: 'pets.yaml#/Pet'})).toThrow('Only references within the document are resolved, not pets.yaml#/Pet');
  });
});

describe('statusLine', () => {
  it('names a status code with its reason phrase', () => {
    expect(statusLine('201')).toBe('201 Created');
    expect(statusLine('429')).toBe('429 Too Many Requests');
    expect(statusLine('default')).toBe('default');
  });
});
