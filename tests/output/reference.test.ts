/**
 * The generated reference in the production build: every operation of the
 * served contract has a page whose HTML (before any JavaScript runs) holds its
 * method, path, parameters, request fields, response statuses and examples,
 * and its request sample in the first language (the others, like the try-it
 * panel, come when the reader asks for them).
 */
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {operationsOf, refResolver, statusLine} from '../../lib/openapi';
import {portalConfig} from '../../portal.config';
import {errorCatalogue} from '../../lib/reference/error-catalogue';
import {builtPages, pageText, readBuildFile} from './site-files';

const document = JSON.parse(readBuildFile('openapi.json'));
const followRef = refResolver(document);
const pages = builtPages();

/** Follows local $refs, through allOf wrappers. */
function resolve(node: any): any {
  if (node?.$ref) return resolve(followRef(node));
  if (node?.allOf?.length === 1 && !node.properties) return {...resolve(node.allOf[0]), ...node, allOf: undefined};
  return node;
}

const operations = operationsOf(document).map(({path: route, method, operation}) => ({route, method, operation}));

/** Reference pages are named after their operation id, in kebab case. */
const pageOf = (operationId: string) => pages.get(`/api/reference/${operationId.replaceAll('_', '-')}`);

describe('reference pages', () => {
  it('exist for every operation of the contract', () => {
    const missing = operations.filter(({operation}) => !pageOf(operation.operationId)).map(({operation}) => operation.operationId);
    expect(missing).toEqual([]);
  });

  it('render method, path, parameters, body fields, statuses and examples into the HTML', () => {
    for (const {route, method, operation} of operations) {
      const html = pageOf(operation.operationId)!;
      const text = pageText(html);
      const where = `${method.toUpperCase()} ${route}`;
      expect(html, where).not.toContain('openapi-skeleton');
      expect(text, where).toContain(method.toUpperCase());
      expect(text, where).toContain(route);
      for (const parameter of (operation.parameters ?? []).map(resolve)) expect(text, `${where} parameter`).toContain(parameter.name);
      const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
      for (const [name, property] of Object.entries<any>(body?.properties ?? {})) {
        if (!resolve(property).readOnly) expect(text, `${where} body field`).toContain(name);
      }
      if (operation.requestBody) expect(text, `${where} example body`).toContain('Example body');
      for (const status of Object.keys(operation.responses)) {
        expect(text, `${where} response`).toContain(statusLine(status));
      }
      const success = Object.entries<any>(operation.responses).find(([status, response]) => status.startsWith('2') && response.content);
      if (success) expect(text, `${where} example response`).toContain(`Example ${success[0]} response`);
      // A tab per sample language, and the first one's code: the others render when their tab is chosen.
      const samples = text.slice(text.lastIndexOf(' curl Python JavaScript Go '));
      // The CLI's tab follows where a command makes the request (tests/output/cli-samples.test.ts).
      expect(samples, `${where} sample tabs, then the curl sample`).toMatch(
        new RegExp(`^ curl Python JavaScript Go (?:${portalConfig.cliName} )?curl --location `),
      );
      expect(samples, `${where} curl sample`).toContain(`'${portalConfig.apiUrl}/api/`);
      expect(text, `${where} other samples`).not.toMatch(/import requests|package main/);
    }
  });

  it("show each error response's codes, and the rate-limit headers, with Retry-After on 429", () => {
    for (const {route, method, operation} of operations) {
      const text = pageText(pageOf(operation.operationId)!);
      const where = `${method.toUpperCase()} ${route}`;
      for (const header of ['RateLimit', 'RateLimit-Policy', 'Access-Control-Allow-Origin']) expect(text, `${where} header`).toContain(header);
      if (operation.responses['429']) expect(text, `${where} Retry-After`).toContain('Retry-After');
      for (const [status, response] of Object.entries<any>(operation.responses).filter(([status]) => Number(status) >= 400)) {
        const codes: string[] = resolve(resolve(resolve(response).content['application/json'].schema).properties.code).enum;
        for (const code of codes) expect(text, `${where} ${status} code`).toContain(code);
      }
    }
  });

  it('never embed the try-it data or the explorer in the page itself', () => {
    for (const {operation} of operations) {
      const html = pageOf(operation.operationId)!;
      expect(html, operation.operationId).not.toContain('openapi-explorer');
    }
  });

  it("list their headings, the webhook events page's too, in a table of contents whose links lead to them", () => {
    const generated = [...operations.map(({operation}) => `/api/reference/${operation.operationId.replaceAll('_', '-')}`), '/api/reference/webhook-events'];
    for (const route of generated) {
      const $ = load(pages.get(route)!);
      const headings = $('article')
        .find('h2, h3')
        .map((_, heading) => ({id: $(heading).attr('id'), text: $(heading).clone().find('.hash-link').remove().end().text().trim()}))
        .get();
      const listed = $('.table-of-contents a')
        .map((_, link) => ({id: $(link).attr('href')?.replace(/^#/, ''), text: $(link).text().trim()}))
        .get();
      expect(headings.length, route).toBeGreaterThan(2);
      expect(listed, route).toEqual(headings);
    }
  });
});

describe('the error catalogue', () => {
  const catalogue = errorCatalogue(document);
  /** The words of a text, whether Markdown or rendered HTML text: markup, entities and punctuation left out. */
  const words = (text: string) =>
    text
      .replace(/&\w+;/g, ' ')
      .replace(/[^\w]+/g, ' ')
      .trim();

  it('lists every code of the contract with its status, meaning and what to do', () => {
    const text = pageText(pages.get('/api/reference/errors')!);
    expect(catalogue.map(({status}) => status)).toEqual(expect.arrayContaining([400, 401, 403, 404, 409, 429, 500, 503]));
    for (const {code, status, meaning, whatToDo} of catalogue) {
      expect(words(text), code).toContain(words(`${code} ${status} ${meaning} ${whatToDo}`));
    }
  });

  it('is linked from the API overview and the reference overview', () => {
    for (const page of ['/api/overview-api-documentation', '/api/reference']) {
      expect(pages.get(page), page).toMatch(/href="?\/api\/reference\/errors"?[ >]/);
    }
  });
});

describe('/openapi.yaml', () => {
  it('reads the same to YAML 1.1 tools as /openapi.json (dates stay strings)', () => {
    expect(parse(readBuildFile('openapi.yaml'), {version: '1.1'})).toEqual(document);
  });
});
