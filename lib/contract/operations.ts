/** The pages' request blocks and the drift check both read the contract through this module, so they cannot disagree. */
import fs from 'node:fs';
import Ajv, {type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {mediaExamples, operationsOf, resolveRef, type NamedExample, type OpenApiNode as Json} from '../openapi';
import {contractOutput} from '../paths';

export interface ContractOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  authenticated: boolean;
  referencePath: string;
  requiredPermission?: string;
  queryParameters: string[];
  /** The operation's path and query parameters, resolved. */
  parameters: {name: string; in: string; required: boolean; schema: Json}[];
  /** The JSON request body's schema, if the operation takes one. */
  requestSchema?: Json;
  /** Whether the operation requires its body. */
  requestRequired: boolean;
  /** The success status and its example body (the sandbox's answer). */
  success: {status: string; example?: unknown};
  /** Every documented status with its example (the first named one), its named examples and its JSON body's schema. */
  responses: Record<string, {description: string; mediaTypes: string[]; example?: unknown; examples: NamedExample[]; schema?: Json}>;
}

/** docusaurus-plugin-openapi-docs names pages by the kebab-cased operation id. */
export function referencePath(operationId: string): string {
  return `/api/reference/${operationId.replace(/_/g, '-')}`;
}

/** A literal path segment weighs more than a parameter, so `/targets/bulk_delete/` wins over `/targets/{target_id}/`. */
function segmentsMatch(template: string | string[], path: string | string[]): number | undefined {
  const expected = typeof template === 'string' ? template.split('/') : template;
  const actual = typeof path === 'string' ? path.split('/') : path;
  if (expected.length !== actual.length) return undefined;
  let literals = 0;
  for (let index = 0; index < expected.length; index += 1) {
    if (/^\{[^}]+\}$/.test(expected[index])) {
      if (actual[index] === '') return undefined;
    } else if (expected[index] === actual[index]) {
      literals += 1;
    } else {
      return undefined;
    }
  }
  return literals;
}

/** OpenAPI 3.0 schemas as JSON Schema; `example` is left to Ajv's non-strict mode. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const result: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    result[key] = key === 'example' ? value : toJsonSchema(value);
  }
  if ((schema as Json).nullable) {
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    if (result.enum) result.enum = [...result.enum, null];
    if (!result.type && !result.enum) return {anyOf: [result, {type: 'null'}]};
  }
  return result;
}

export class OperationIndex {
  readonly operations: ContractOperation[] = [];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private templates?: Map<number, {operation: ContractOperation; segments: string[]}[]>;
  /** Query and path values arrive as text: this one reads `5` as the integer a parameter's schema asks for. */
  private readonly parameterAjv: Ajv;

  constructor(private readonly document: Json) {
    this.ajv = new Ajv({allErrors: true, strict: false});
    this.parameterAjv = new Ajv({allErrors: true, strict: false, coerceTypes: 'array'});
    for (const ajv of [this.ajv, this.parameterAjv]) {
      addFormats(ajv);
      ajv.addSchema({components: {schemas: toJsonSchema(document.components?.schemas ?? {})}}, 'contract');
    }
    for (const {path, method, operation} of operationsOf(document)) this.operations.push(this.describe(path, method, operation));
  }

  static load(file = contractOutput.json): OperationIndex {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run contract\` first.`);
    return new OperationIndex(JSON.parse(fs.readFileSync(file, 'utf8')));
  }

  /** A node of the contract with its references followed. */
  resolve<T = Json>(value: Json): T {
    return resolveRef<T>(this.document, value);
  }

  private describe(path: string, method: string, operation: Json): ContractOperation {
    const parameters = (operation.parameters ?? []).map((parameter: Json) => this.resolve(parameter));
    const responses: ContractOperation['responses'] = {};
    for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
      const resolved = this.resolve(response);
      const examples = mediaExamples(resolved.content?.['application/json'], this.document);
      responses[status] = {
        description: resolved.description ?? '',
        mediaTypes: Object.keys(resolved.content ?? {}),
        example: examples[0]?.value,
        examples,
        schema: resolved.content?.['application/json']?.schema,
      };
    }
    const successStatus = Object.keys(responses).find((status) => status.startsWith('2')) ?? 'default';
    return {
      id: operation.operationId,
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? operation.operationId,
      description: operation.description ?? '',
      authenticated: Boolean((operation.security ?? this.document.security)?.length),
      referencePath: referencePath(operation.operationId),
      requiredPermission: operation['x-required-permission'],
      queryParameters: parameters.filter((parameter: Json) => parameter.in === 'query').map((parameter: Json) => parameter.name),
      parameters: parameters
        .filter((parameter: Json) => parameter.in === 'query' || parameter.in === 'path')
        .map((parameter: Json) => ({name: parameter.name, in: parameter.in, required: Boolean(parameter.required), schema: parameter.schema ?? {}})),
      requestRequired: Boolean(this.resolve(operation.requestBody ?? {})?.required),
      requestSchema: this.resolve(operation.requestBody ?? {})?.content?.['application/json']?.schema,
      success: {status: successStatus, example: responses[successStatus]?.example},
      responses,
    };
  }

  requestNames(id: string): Set<string> {
    const operation = this.byId(id);
    if (!operation) return new Set();
    const fields = (schema: Json | undefined): string[] => {
      const resolved = schema ? this.resolve(schema) : undefined;
      return [...Object.keys(resolved?.properties ?? {}), ...(resolved?.allOf ?? []).flatMap(fields)];
    };
    const pathParameters = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    return new Set([...pathParameters, ...operation.queryParameters, ...fields(operation.requestSchema)]);
  }

  /** Named by a request block's `example=` meta, or the first; an unknown name throws listing the names there are. */
  responseExample(operation: ContractOperation, status: string, name?: string): unknown {
    const {examples, example} = operation.responses[status];
    if (name === undefined) return example;
    const named = examples.find((candidate) => candidate.name === name);
    if (!named) {
      const names = examples.map((candidate) => candidate.name).filter((candidate) => candidate !== 'default');
      throw new Error(`${operation.id} has no ${status} example named "${name}"${names.length ? `; its examples are ${names.join(', ')}` : ''}`);
    }
    return named.value;
  }

  /** The example of one of the contract's schemas (`components.schemas`), such as a report file's CSV. */
  schemaExample(name: string): unknown {
    return this.document.components?.schemas?.[name]?.example;
  }

  /** The fields of the objects a list operation's page holds (`results`' items), such as a finding's. */
  listedFields(operation: ContractOperation): string[] {
    const page = operation.success.status in operation.responses ? operation.responses[operation.success.status].schema : undefined;
    const items = page ? this.resolve(page)?.properties?.results?.items : undefined;
    return Object.keys(items ? (this.resolve(items)?.properties ?? {}) : {});
  }

  byId(id: string): ContractOperation | undefined {
    return this.operations.find((operation) => operation.id === id);
  }

  /** Best fit first, so `/targets/bulk_delete/` is not a target called "bulk_delete". */
  matchPath(path: string): ContractOperation[] {
    const segments = path.split('/');
    // Templates split once and grouped by length: the sandbox matches every request it gets.
    if (!this.templates) {
      this.templates = new Map();
      for (const operation of this.operations) {
        const template = operation.path.split('/');
        this.templates.set(template.length, [...(this.templates.get(template.length) ?? []), {operation, segments: template}]);
      }
    }
    const fits = (this.templates.get(segments.length) ?? []).map(({operation, segments: template}) => ({
      operation,
      literals: segmentsMatch(template, segments) ?? -1,
    }));
    const best = Math.max(-1, ...fits.map((fit) => fit.literals));
    return best < 0 ? [] : fits.filter((fit) => fit.literals === best).map((fit) => fit.operation);
  }

  hasPathPrefix(prefix: string): boolean {
    const segments = prefix.replace(/\/$/, '').split('/');
    return this.operations.some((operation) => {
      const head = operation.path.split('/').slice(0, segments.length).join('/');
      return segmentsMatch(head, segments.join('/')) !== undefined;
    });
  }

  match(method: string, path: string): ContractOperation | undefined {
    return this.matchPath(path).find((operation) => operation.method === method.toUpperCase());
  }

  validateQuery(operation: ContractOperation, query: URLSearchParams): string[] {
    return [...new Set(query.keys())]
      .filter((name) => !operation.queryParameters.includes(name))
      .map((name) => `${operation.id} has no query parameter "${name}"`);
  }

  validateBody(operation: ContractOperation, body: unknown): string[] {
    if (body === undefined) return operation.requestSchema ? [`${operation.id} takes a JSON body and none is shown`] : [];
    if (!operation.requestSchema) return [`${operation.id} takes no JSON body`];
    const validate = this.validator(operation.id, operation.requestSchema);
    const problems = validate(body) ? [] : (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`);
    return [...problems, ...this.unknownFields(operation.requestSchema, body, 'body')];
  }

  /** The contract's objects are open, but a page must not invent fields. */
  private unknownFields(schema: Json, value: unknown, where: string): string[] {
    if (Array.isArray(value)) {
      const items = this.resolve(schema).items;
      return items ? value.flatMap((item, index) => this.unknownFields(items, item, `${where}/${index}`)) : [];
    }
    if (!value || typeof value !== 'object') return [];
    const properties = this.properties(schema);
    if (!properties) return [];
    return Object.entries(value).flatMap(([name, field]) =>
      properties.has(name)
        ? this.unknownFields(properties.get(name)!, field, `${where}/${name}`)
        : [`${where} has a field "${name}" that the contract does not declare`],
    );
  }

  /** Declared properties through $ref and composition; undefined for a map or free-form object. */
  private properties(schema: Json, seen = new Set<Json>()): Map<string, Json> | undefined {
    const resolved = this.resolve(schema);
    if (!resolved || seen.has(resolved)) return new Map();
    seen.add(resolved);
    if (resolved.additionalProperties) return undefined;
    const result = new Map<string, Json>(Object.entries(resolved.properties ?? {}));
    for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
      const more = this.properties(part, seen);
      if (!more) return undefined;
      for (const [name, property] of more) if (!result.has(name)) result.set(name, property);
    }
    return result.size || resolved.properties ? result : undefined;
  }

  /** Every enum a field of this name takes: a `status` field has several. */
  enumsOfField(field: string): string[][] {
    const enums = new Map<string, string[]>();
    for (const schema of Object.values<Json>(this.document.components?.schemas ?? {})) {
      const property = this.properties(schema)?.get(field);
      if (property) this.collectEnums(property, enums);
    }
    return [...enums.values()];
  }

  private collectEnums(node: Json, enums: Map<string, string[]>, seen = new Set<Json>()): void {
    const resolved = this.resolve(node);
    if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return;
    seen.add(resolved);
    if (Array.isArray(resolved.enum)) {
      const values = resolved.enum.filter((value: unknown) => typeof value === 'string');
      enums.set(values.join('|'), values);
    }
    for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) this.collectEnums(part, enums, seen);
  }

  errorCodes(status?: string): string[] {
    const enums = new Map<string, string[]>();
    for (const {operation} of operationsOf(this.document))
      for (const [code, response] of Object.entries<Json>(operation.responses ?? {})) {
        if (!/^[45]\d\d$/.test(code) || (status !== undefined && code !== status)) continue;
        const property = this.properties(this.resolve(response).content?.['application/json']?.schema ?? {})?.get('code');
        if (property) this.collectEnums(property, enums);
      }
    return [...new Set([...enums.values()].flat())].sort();
  }

  /** Problems of a JSON response body against the schema the operation documents for its status, none when it is valid. */
  validateResponse(operation: ContractOperation, status: string, body: unknown): string[] {
    const schema = operation.responses[status]?.schema;
    if (!schema) return [`${operation.id} documents no JSON body for ${status}`];
    const validate = this.validator(`response:${operation.id}:${status}`, schema);
    const problems = validate(body) ? [] : (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`);
    return [...problems, ...this.unknownFields(schema, body, 'body')];
  }

  validateObject(schemaName: string, value: unknown): string[] {
    if (!this.document.components?.schemas?.[schemaName]) return [`the contract has no schema "${schemaName}"`];
    const schema = {$ref: `#/components/schemas/${schemaName}`};
    const validate = this.validator(`schema:${schemaName}`, schema);
    const problems = validate(value) ? [] : (validate.errors ?? []).map((error) => `${schemaName}${error.instancePath} ${error.message}`);
    return [...problems, ...this.unknownFields(schema, value, schemaName)];
  }

  /**
   * What is wrong with a request's path and query parameters and its JSON
   * body (undefined: none sent) against the operation's schemas, by field:
   * what the API's 400 lists in `errors`. Undeclared fields are not checked.
   */
  requestProblems(operation: ContractOperation, path: Record<string, string>, query: URLSearchParams, body: unknown): Record<string, string[]> {
    const problems: Record<string, string[]> = {};
    const add = (field: string, message: string) => (problems[field] ??= []).push(message);
    const values: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      // An empty query value is no value, as clients that send every field of a form (the try-it panel) mean it.
      const value = parameter.in === 'path' ? path[parameter.name] : query.get(parameter.name) || undefined;
      if (value === undefined) {
        if (parameter.required) add(parameter.name, 'This field is required.');
        continue;
      }
      const array = this.resolve(parameter.schema).type === 'array';
      values[parameter.name] = array ? String(value).split(',') : value;
    }
    const parameters = {type: 'object', properties: Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, parameter.schema]))};
    const validateParameters = this.validator(`${operation.id} parameters`, parameters, this.parameterAjv);
    if (!validateParameters(values)) {
      for (const error of validateParameters.errors ?? []) add(error.instancePath.split('/')[1] || 'non_field_errors', error.message ?? 'Invalid value.');
    }
    if (body === undefined) {
      if (operation.requestRequired) add('non_field_errors', 'A JSON body is required.');
    } else if (operation.requestSchema) {
      const validateBody = this.validator(operation.id, operation.requestSchema);
      if (!validateBody(body)) {
        for (const error of validateBody.errors ?? []) {
          const missing = error.keyword === 'required' ? (error.params as {missingProperty: string}).missingProperty : undefined;
          const field = [...error.instancePath.split('/').slice(1), ...(missing ? [missing] : [])].join('.') || 'non_field_errors';
          add(field, missing ? 'This field is required.' : (error.message ?? 'Invalid value.'));
        }
      }
    }
    return problems;
  }

  private validator(key: string, schema: Json, ajv = this.ajv): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(toJsonSchema(schema)).replaceAll('"#/components/', '"contract#/components/')));
      this.validators.set(key, validate);
    }
    return validate;
  }
}
