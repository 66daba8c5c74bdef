/**
 * The compiled contract the portal serves (generated/static/openapi.yaml):
 * lint-clean, complete against the manifest of the specification's groups,
 * and held to the design rules every operation shares.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {portalConfig} from '../../portal.config';
import {contractServers} from '../../lib/contract/build';
import {contractOutput, repoRoot} from '../../lib/paths';
import {operationsOf, refResolver, resolveSchema as resolveSchemaIn} from '../../lib/openapi';

const document = parse(fs.readFileSync(contractOutput.yaml, 'utf8'));
const operations = operationsOf(document).map(({path: route, method, operation}) => ({route, method, operation}));
const schemas = document.components.schemas as Record<string, any>;

const resolve = refResolver(document);
const resolveSchema = (node: unknown) => resolveSchemaIn(document, node);

interface ManifestEntry {
  group: string;
  item: string;
  operations: string[];
}

function readManifest(): ManifestEntry[] {
  const dir = path.join(repoRoot, 'contract/manifest');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) => parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ManifestEntry[]);
}

describe('the compiled contract', () => {
  it('is written as YAML and as the same JSON', () => {
    expect(JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'))).toEqual(document);
  });

  it("lists the configuration's servers: the API, and the sandbox only when the deployment has one", () => {
    expect(document.servers).toEqual(contractServers(portalConfig));
    expect(document.servers.map((server: {url: string}) => server.url)).toEqual([
      portalConfig.apiUrl,
      ...(portalConfig.sandboxUrl ? [portalConfig.sandboxUrl] : []),
    ]);
  });

  it('passes the Redocly lint with zero errors and zero warnings', {timeout: 60_000}, () => {
    const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/redocly'), ['lint', contractOutput.yaml, '--format=json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const report = JSON.parse(result.stdout);
    expect(report.problems.map((problem: any) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('passes Spectral with spectral:oas and the OWASP API Security ruleset (.spectral.yaml) with zero errors', {timeout: 600_000}, () => {
    const result = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/spectral'),
      ['lint', contractOutput.yaml, '--ruleset', '.spectral.yaml', '--format=json', '--quiet'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    const errors = (JSON.parse(result.stdout) as {severity: number; code: string; path: string[]}[]).filter((problem) => problem.severity === 0);
    expect(errors.map((problem) => `${problem.code}: ${problem.path.join('.')}`)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('documents the request id, rate-limit and CORS headers on every response, and Retry-After on 429 and 503', () => {
    for (const {route, method, operation} of operations) {
      for (const [status, response] of Object.entries<Record<string, any>>(operation.responses)) {
        const headers = Object.keys(resolve(response).headers ?? {});
        expect(headers, `${method} ${route} ${status}`).toEqual(
          expect.arrayContaining(['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Access-Control-Allow-Origin']),
        );
        if (status === '429' || status === '503') expect(headers, `${method} ${route} ${status}`).toContain('Retry-After');
      }
    }
  });

  it('shows the example the contract declares on the Deprecation and Sunset headers, a value each header takes', () => {
    const headers = operations.flatMap(({operation}) =>
      Object.values<Record<string, any>>(operation.responses).map((response) => resolve(response).headers ?? {}),
    );
    const deprecations = headers.filter((header) => header.Deprecation);
    expect(deprecations.length).toBeGreaterThan(0);
    for (const {Deprecation, Sunset} of deprecations) {
      expect(Deprecation.example).toMatch(new RegExp(Deprecation.schema.pattern));
      expect(new Date(Sunset.example).toUTCString()).toBe(Sunset.example);
    }
  });

  it('answers errors with a code from a closed list: 401, 403, 429, 500 and 503 everywhere, 400 where there is a body, 404 where the path has an id', () => {
    for (const {route, method, operation} of operations) {
      const statuses = Object.keys(operation.responses);
      const where = `${method} ${route}`;
      expect(statuses, where).toEqual(expect.arrayContaining(['401', '403', '429', '500', '503']));
      if (operation.requestBody) expect(statuses, where).toContain('400');
      if (route.includes('{')) expect(statuses, where).toContain('404');
      for (const status of statuses.filter((code) => Number(code) >= 400)) {
        const body = resolveSchema(resolve(operation.responses[status]).content['application/json'].schema);
        const code = resolveSchema(body.properties.code);
        expect(code.enum?.length, `${where} ${status}: code`).toBeGreaterThan(0);
        expect(Object.keys(code['x-enum-descriptions']), `${where} ${status}: every code described`).toEqual(code.enum);
      }
    }
  });

  it('covers every item of the manifest, each with operations that exist', () => {
    const ids = new Set(operations.map(({operation}) => operation.operationId));
    const manifest = readManifest();
    expect(manifest.length).toBeGreaterThan(0);
    for (const entry of manifest) {
      expect(entry.operations.length, `${entry.group}: ${entry.item}`).toBeGreaterThan(0);
      for (const id of entry.operations) expect(ids.has(id), `${entry.group}: ${entry.item} → ${id}`).toBe(true);
    }
    const keys = manifest.map((entry) => `${entry.group}: ${entry.item}`);
    expect(new Set(keys).size, 'items listed once').toBe(keys.length);
  });

  it('declares one authentication scheme, Authorization: JWT, for every operation', () => {
    const schemes = document.components.securitySchemes;
    expect(Object.values(schemes)).toEqual([{type: 'apiKey', in: 'header', name: 'Authorization', description: expect.stringContaining('JWT')}]);
    expect(document.security).toEqual([{[Object.keys(schemes)[0]]: []}]);
  });

  it('gives every operation an id, summary, description, one tag, errors and examples', () => {
    for (const {route, method, operation} of operations) {
      const where = `${method.toUpperCase()} ${route}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(operation.summary, where).toBeTruthy();
      expect(operation.description, where).toBeTruthy();
      expect(operation.tags, where).toHaveLength(1);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^4\d\d$/.test(status)),
        `${where} has a 4xx response`,
      ).toBe(true);
      for (const media of Object.values<any>(operation.requestBody?.content ?? {})) {
        expect(media.example ?? media.examples, `${where} request example`).toBeDefined();
      }
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        for (const media of Object.values<any>(resolve(response).content ?? {})) {
          if (media.schema?.format === 'binary' || media.schema?.type === 'string') continue;
          expect(media.example ?? media.examples, `${where} ${status} example`).toBeDefined();
        }
      }
    }
  });

  it('paginates every list the same way', () => {
    const lists = operations.filter(({operation}) => /_list$/.test(operation.operationId));
    expect(lists.length).toBeGreaterThan(0);
    for (const {route, operation} of lists) {
      const parameters = operation.parameters.map((parameter: any) => resolve(parameter).name);
      expect(parameters, route).toEqual(expect.arrayContaining(['page', 'length', 'ordering', 'search']));
      const page = resolve(operation.responses['200'].content['application/json'].schema);
      expect(Object.keys(page.properties), route).toEqual(['count', 'page_total', 'page', 'length', 'results']);
    }
  });

  it('answers every error with the one error shape, which repeats the request id', () => {
    for (const {route, operation} of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (!/^4\d\d$/.test(status)) continue;
        const schema = resolve(resolve(response).content['application/json'].schema);
        expect(Object.keys(schema.properties), `${route} ${status}`).toEqual(['code', 'detail', 'errors', 'request_id']);
      }
    }
  });

  it('describes every field of every schema and explains every enum value', () => {
    const visit = (schema: any, where: string): void => {
      if (!schema || schema.$ref) return;
      if (Array.isArray(schema.enum)) {
        expect(Object.keys(schema['x-enum-descriptions'] ?? {}), `${where} enum values explained`).toEqual(schema.enum.map(String));
      }
      for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
        const described = property.description ?? resolve(property).description ?? property.allOf?.map(resolve).find((part: any) => part.description);
        expect(described, `${where}.${name} has a description`).toBeTruthy();
        visit(property, `${where}.${name}`);
      }
      visit(schema.items, `${where}[]`);
      for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) visit(part, where);
    };
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name);
  });

  it("shows in every example an API key's key_prefix as the start of that key's signature, which tells keys apart", () => {
    // Every JWT starts with its encoded header (eyJhbGci…): a prefix of the key itself would name every key alike.
    const prefixes = new Map<string, string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.key === 'string' && typeof record.key_prefix === 'string') {
        expect(record.key.split('.').at(-1)!.startsWith(record.key_prefix), `${record.key_prefix} starts the signature of ${record.key}`).toBe(true);
        prefixes.set(record.key, record.key_prefix);
      }
      Object.values(record).forEach(visit);
    };
    visit(document);
    expect(prefixes.size).toBeGreaterThan(1);
    expect(new Set(prefixes.values()).size).toBe(prefixes.size);
  });
});

describe('required permissions', () => {
  const codenames: string[] = schemas.PermissionCodename.enum;
  const roles: {name: string; description: string; permissions: string[]}[] = schemas.PermissionCodename['x-built-in-roles'];

  it('every operation requires exactly one codename of the catalogue', () => {
    const wrong = operations
      .filter(({operation}) => typeof operation['x-required-permission'] !== 'string' || !codenames.includes(operation['x-required-permission']))
      .map(({operation}) => `${operation.operationId}: ${JSON.stringify(operation['x-required-permission'])}`);
    expect(wrong).toEqual([]);
  });

  it('every codename is described, required by some operation and held by some built-in role', () => {
    const descriptions = schemas.PermissionCodename['x-enum-descriptions'];
    for (const codename of codenames) {
      expect(descriptions[codename], codename).toMatch(/\w/);
      expect(
        operations.some(({operation}) => operation['x-required-permission'] === codename),
        codename,
      ).toBe(true);
      expect(
        roles.some((role) => role.permissions.includes(codename)),
        codename,
      ).toBe(true);
    }
    expect(roles.flatMap((role) => role.permissions).filter((codename) => !codenames.includes(codename))).toEqual([]);
  });

  it('every example the sandbox answers names only codenames of the catalogue, and describes each as the catalogue does', () => {
    const descriptions = schemas.PermissionCodename['x-enum-descriptions'];
    const problems: string[] = [];
    const check = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item, index) => check(item, `${where}[${index}]`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries<any>(node)) {
        if (key === 'permissions' && Array.isArray(value) && value.every((item) => typeof item === 'string')) {
          problems.push(...value.filter((codename) => !codenames.includes(codename)).map((codename) => `${where}.permissions: ${codename}`));
        } else if (key === 'codename' && typeof value === 'string') {
          if (!codenames.includes(value)) problems.push(`${where}.codename: ${value}`);
          else if ('description' in node && (node as any).description !== descriptions[value]) problems.push(`${where}: description of ${value}`);
        } else check(value, `${where}.${key}`);
      }
    };
    for (const {operation} of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        for (const media of Object.values<any>(resolve(response).content ?? {})) check(media.example ?? media.examples, `${operation.operationId} ${status}`);
      }
      for (const media of Object.values<any>(resolve(operation.requestBody ?? {}).content ?? {}))
        check(media.example ?? media.examples, `${operation.operationId} body`);
    }
    expect(problems).toEqual([]);
  });

  it('documents each permission under its codename, so the sandbox answers it to Prefer: example=<codename>', () => {
    const retrieve = operations.find(({operation}) => operation.operationId === 'permissions_retrieve')!.operation;
    const examples = resolve(retrieve.responses['200']).content['application/json'].examples;
    expect(Object.keys(examples).sort()).toEqual([...codenames].sort());
    for (const [name, example] of Object.entries<any>(examples)) expect(example.value.codename, name).toBe(name);
    // The first is what the sandbox answers without the header: the codename of the model's example.
    expect(Object.keys(examples)[0]).toBe('targets.scan');
  });

  it('every built-in role holds profile.view: each key may read who it belongs to', () => {
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) expect(role.permissions, role.name).toContain('profile.view');
  });

  it('reading the profile requires profile.view, and changing it profile.manage', () => {
    const profile = operations.filter(({operation}) => operation.tags[0] === 'profile');
    expect(profile.length).toBeGreaterThan(0);
    for (const {method, operation} of profile) {
      expect(operation['x-required-permission'], operation.operationId).toBe(method === 'get' ? 'profile.view' : 'profile.manage');
    }
  });

  it('re-testing a finding requires findings.retest, and triaging it findings.manage', () => {
    const required = (id: string) => operations.find(({operation}) => operation.operationId === id)?.operation['x-required-permission'];
    expect([required('targets_findings_retest'), required('findings_bulk_retest'), required('targets_findings_partial_update')]).toEqual([
      'findings.retest',
      'findings.retest',
      'findings.manage',
    ]);
  });
});
