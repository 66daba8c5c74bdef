/** Request samples written at build time by Postman's code generators, so operation pages ship samples as text rather than the generators. */
import {sample} from 'openapi-sampler';
import {defaultExample, parameterValue} from '../openapi';
import {plainSchema, type Schema} from './schema-fields';

export interface SampleLanguage {
  label: string;
  /** `language` is also the tab's value and the theme's languageTabs key. */
  language: string;
  variant: string;
  highlight: string;
}

export const sampleLanguages: SampleLanguage[] = [
  {label: 'curl', language: 'curl', variant: 'curl', highlight: 'bash'},
  {label: 'Python', language: 'python', variant: 'requests', highlight: 'python'},
  {label: 'JavaScript', language: 'javascript', variant: 'fetch', highlight: 'javascript'},
  {label: 'Go', language: 'go', variant: 'native', highlight: 'go'},
];

/**
 * One group, so a reader's language choice holds across the reference and guides;
 * lazy, so a page renders only the chosen language's highlighted block. The
 * Markdown twins keep every language.
 */
export const SAMPLE_TABS = {groupId: 'request-sample-language', lazy: true} as const;

export interface SampleOperation {
  method: string;
  path: string;
  parameters?: {name: string; in: string; required?: boolean; deprecated?: boolean; description?: string; example?: unknown; schema?: Schema}[];
  requestBody?: {content?: Record<string, {example?: unknown; examples?: Record<string, unknown>; schema?: Schema}>};
  security?: unknown[];
}

export interface RequestSample extends Omit<SampleLanguage, 'variant'> {
  code: string;
}

const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

function exampleOf(parameter: NonNullable<SampleOperation['parameters']>[number]): string {
  const value = parameterValue(parameter, plainSchema(parameter.schema ?? {}));
  if (value === undefined) throw new Error(`Parameter "${parameter.name}" has no example for the request samples.`);
  return String(value);
}

export interface HttpRequest {
  method: string;
  url: string;
  body?: unknown;
  /** Whether the request carries the API key: every operation but public ones does. */
  authenticated: boolean;
}

export interface ExampleValues {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

/** A body without an example is sampled from its schema, as the contract build fills the served document's examples. */
export function exampleValues(operation: SampleOperation): ExampleValues {
  const parameters = operation.parameters ?? [];
  const located = (location: string, all: boolean) =>
    Object.fromEntries(
      parameters.filter((parameter) => parameter.in === location && (all || parameter.required)).map((parameter) => [parameter.name, exampleOf(parameter)]),
    );
  const json = operation.requestBody?.content?.['application/json'];
  return {
    path: located('path', true),
    query: located('query', false),
    body: json ? (defaultExample(json) ?? json.schema?.example ?? sample(json.schema ?? {}, {skipReadOnly: true})) : undefined,
  };
}

export function exampleRequest(operation: SampleOperation, apiUrl: string): HttpRequest {
  const values = exampleValues(operation);
  const path = Object.entries(values.path).reduce((result, [name, value]) => result.replace(`{${name}}`, encodeURIComponent(value)), operation.path);
  const query = Object.entries(values.query).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return {
    method: operation.method.toUpperCase(),
    url: `${apiUrl.replace(/\/$/, '')}${path}${query.length ? `?${query.join('&')}` : ''}`,
    body: values.body,
    authenticated: Boolean(operation.security?.length),
  };
}

export function samplesOf(request: HttpRequest): RequestSample[] {
  // Loaded here, not at the top: docusaurus.config.ts imports this module and the package's entry loads the whole of postman-collection.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, synchronously, as the page generator calls this
  const {Request} = require('postman-collection') as {Request: new (definition: object) => object};
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above: its entry loads all its generators
  const codeGenerators = require('postman-code-generators') as typeof import('postman-code-generators');
  const headers = [{key: 'Accept', value: 'application/json'}];
  if (request.authenticated) headers.push({key: 'Authorization', value: `JWT ${API_KEY_PLACEHOLDER}`});
  const body = request.body === undefined ? undefined : JSON.stringify(request.body, null, 2);
  if (body) headers.push({key: 'Content-Type', value: 'application/json'});
  const postmanRequest = new Request({
    url: request.url,
    method: request.method,
    header: headers,
    ...(body ? {body: {mode: 'raw', raw: body}} : {}),
  });
  return sampleLanguages.map(({label, language, variant, highlight}) => {
    let code: string | undefined;
    codeGenerators.convert(language, variant, postmanRequest, {followRedirect: true, trimRequestBody: true}, (error, snippet) => {
      if (error) throw error;
      code = snippet;
    });
    if (code === undefined) throw new Error(`postman-code-generators did not answer synchronously for ${label}.`);
    return {label, language, highlight, code: code.trim()};
  });
}
