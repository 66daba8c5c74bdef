import {describe, expect, it} from 'vitest';
import {schemaFields, schemaVariants, typeLabel} from '../../lib/reference/schema-fields';

const id = {type: 'string', format: 'uuid', title: 'Id', description: 'An identifier.'};

describe('schema fields of the reference pages', () => {
  it('merges allOf wrappers, the property description winning', () => {
    const [field] = schemaFields({type: 'object', required: ['id'], properties: {id: {allOf: [id], description: 'Identifier of the scan.'}}}, 'response');
    expect(field).toMatchObject({name: 'id', type: 'string<uuid>', required: true, description: 'Identifier of the scan.'});
  });

  it('leaves read-only fields out of requests and write-only fields out of responses', () => {
    const schema = {type: 'object', properties: {id: {...id, readOnly: true}, secret: {type: 'string', writeOnly: true}}};
    expect(schemaFields(schema, 'request').map((field) => field.name)).toEqual(['secret']);
    expect(schemaFields(schema, 'response').map((field) => field.name)).toEqual(['id']);
  });

  it('explains bounds, lengths and defaults', () => {
    const [field, kind] = schemaFields(
      {type: 'object', properties: {length: {type: 'integer', minimum: 1, maximum: 100, default: 20}, kind: {type: 'string', enum: ['a', 'b'], maxLength: 5}}},
      'request',
    );
    expect(field.constraints).toEqual(['≥ 1', '≤ 100', 'default 20']);
    expect(kind.constraints).toEqual(['at most 5 characters']);
  });

  it("gives an enum's values, with their descriptions when documented, without the list the contract appends to its description", () => {
    const documented = {
      type: 'string',
      enum: ['a', 'b'],
      'x-enum-descriptions': {a: 'First.', b: 'Second.'},
      description: 'A kind.\n\n- `a`: First.\n- `b`: Second.',
    };
    const [kind, kinds, plain] = schemaFields(
      {type: 'object', properties: {kind: documented, kinds: {type: 'array', items: {...documented, maxLength: 1}}, plain: {type: 'string', enum: ['x']}}},
      'request',
    );
    expect(kind).toMatchObject({
      description: 'A kind.',
      values: [
        {value: 'a', description: 'First.'},
        {value: 'b', description: 'Second.'},
      ],
    });
    expect(kinds).toMatchObject({type: 'array<string>', values: kind.values, constraints: ['each item at most 1 characters']});
    expect(plain.values).toEqual([{value: 'x', description: undefined}]);
  });

  it("lists an enum's values when the field's own description replaces the enum's list of them", () => {
    const category = {
      type: 'string',
      enum: ['A01:2021', 'A03:2021'],
      description: 'A category.\n\n- `A01:2021`: Broken Access Control.\n- `A03:2021`: Injection.',
      'x-enum-descriptions': {},
    };
    const [own, replaced] = schemaFields(
      {type: 'object', properties: {own: category, replaced: {allOf: [category], description: 'The OWASP Top 10 category.'}}},
      'response',
    );
    // Both list the values: the field's own description, which replaced the enum's, names none of them.
    expect(own.values.map((value) => value.value)).toEqual(['A01:2021', 'A03:2021']);
    expect(replaced.values.map((value) => value.value)).toEqual(['A01:2021', 'A03:2021']);
  });

  it('nests objects and the items of arrays, and names maps and alternatives', () => {
    const [target, tags] = schemaFields(
      {
        type: 'object',
        properties: {
          target: {type: 'object', properties: {name: {type: 'string'}}},
          tags: {type: 'array', items: {type: 'object', properties: {label: {type: 'string'}}}},
        },
      },
      'response',
    );
    expect(target.children.map((field) => field.name)).toEqual(['name']);
    expect(tags.type).toBe('array<object>');
    expect(tags.children.map((field) => field.name)).toEqual(['label']);
    expect(typeLabel({type: 'object', additionalProperties: {type: 'array', items: {type: 'string'}}})).toBe('map<array<string>>');
    expect(typeLabel({oneOf: [{type: 'string'}, {type: 'integer'}]})).toBe('one of');
  });

  it('stops at a schema that contains itself', () => {
    const label: Record<string, any> = {type: 'object', title: 'Label', properties: {name: {type: 'string'}}};
    label.properties.parent = label;
    const [, parent] = schemaFields(label, 'response');
    expect(parent).toMatchObject({name: 'parent', circular: true, children: []});
  });

  it('stops at a schema the OpenAPI plugin replaced by its repetition, circular(Title)', () => {
    const [parent, children] = schemaFields(
      {type: 'object', properties: {parent: 'circular(Folder)', children: {type: 'array', items: 'circular(Folder)'}}} as never,
      'response',
    );
    expect(parent).toMatchObject({name: 'parent', type: 'object', circular: true, children: []});
    expect(children).toMatchObject({name: 'children', type: 'array<object>', circular: true, children: []});
  });

  it('reads an OpenAPI 3.1 type list: null in it makes the field nullable', () => {
    const [colour, weight, aliases] = schemaFields(
      {
        type: 'object',
        properties: {colour: {type: ['string', 'null']}, weight: {type: ['number', 'string']}, aliases: {type: ['array', 'null'], items: {type: 'string'}}},
      },
      'request',
    );
    expect(colour).toMatchObject({type: 'string', constraints: ['nullable']});
    expect(weight).toMatchObject({type: 'number or string', constraints: []});
    expect(aliases).toMatchObject({type: 'array<string>', constraints: ['nullable']});
  });

  it('lists the fields of each alternative of a oneOf schema', () => {
    const variants = schemaVariants(
      {
        oneOf: [
          {title: 'Card', type: 'object', properties: {number: {type: 'string'}}},
          {type: 'object', properties: {iban: {type: 'string'}}},
        ],
      },
      'request',
    );
    expect(variants.map((variant) => [variant.title, variant.fields.map((field) => field.name)])).toEqual([
      ['Card', ['number']],
      ['Option 2', ['iban']],
    ]);
    expect(schemaVariants({type: 'object'}, 'request')).toEqual([]);
  });
});
