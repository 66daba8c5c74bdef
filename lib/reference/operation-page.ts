/**
 * The page of one operation, as docusaurus-plugin-openapi-docs'
 * createApiPageMD generator: method and path, description, parameters,
 * request and response schemas, examples and request samples written as
 * MDX with small components of ours, so all of it is in the page's HTML and
 * the page ships no schema renderer. The interactive try-it panel is the
 * theme's, loaded with the operation's data only when the reader opens it
 * (`/api/reference/<id>.tryit.json`, a static file kept out of the bundles).
 * The same sections, written as plain Markdown, are the page's Markdown twin.
 */
import {circularFieldNote} from '../../src/shared/circular-field';
import {statusLine} from '../openapi';
import {fieldNode, schemaFields, schemaVariants, type Direction, type FieldNode, type Schema} from './schema-fields';
import {TRY_IT_DATA_PATH} from '../paths';
import {requiredPermissionLine} from './permission-catalogue';
import {exampleRequest, samplesOf, SAMPLE_TABS, type RequestSample, type SampleOperation} from './request-samples';

/** What the plugin hands the generator for an operation (the parts used here). */
export interface ApiPage {
  id: string;
  title: string;
  api: SampleOperation & {
    description?: string;
    deprecated?: boolean;
    /** The permission codename the operation requires (the contract's `x-required-permission`). */
    'x-required-permission'?: string;
    requestBody?: {required?: boolean; description?: string; content?: Record<string, {example?: unknown; schema?: Schema}>};
    responses?: Record<string, {description?: string; content?: Record<string, {example?: unknown; schema?: Schema}>}>;
  };
}

const PARAMETER_SECTIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

/** Markdown text made safe for MDX: braces and angle brackets outside code are escaped. */
export function mdxText(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[{}<>]/g, (char) => `\\${char}`)))
    .join('');
}

const attribute = (value: unknown) => `{${JSON.stringify(value)}}`;

/** What differs between the page (MDX with our components) and its Markdown twin. */
interface PageFormat {
  /** A description from the contract, which is Markdown. */
  text(markdown: string): string;
  /** A list of fields; nested ones carry a title. */
  fields(nodes: FieldNode[], title?: string): string;
  samples(samples: RequestSample[]): string;
  /** The page's start: method and path (and the imports an MDX page needs). */
  head(api: ApiPage['api'], apiUrl: string): string[];
  /** The try-it panel, where the format has one. */
  tryIt(page: ApiPage): string[];
  deprecated: string;
}

/** A field's allowed values as a Markdown list, each with its description; `text` makes a description safe for the format. */
function valuesList(node: FieldNode, text: (markdown: string) => string): string {
  if (!node.values.length) return '';
  const title = node.type.startsWith('array') ? 'Allowed values of each item:' : 'Allowed values:';
  const lines = node.values.map(({value, description}) => `- \`${value}\`${description ? `: ${text(description.trim().replace(/\s*\n\s*/g, ' '))}` : ''}`);
  return `${title}\n\n${lines.join('\n')}`;
}

const nestedTitle = (node: FieldNode) => (node.type.startsWith('array') ? `Fields of each item of ${node.name}` : `Fields of ${node.name}`);

function fieldMdx(node: FieldNode): string {
  const props = [`name=${attribute(node.name)}`, `type=${attribute(node.type)}`];
  if (node.required) props.push('required');
  if (node.constraints.length) props.push(`constraints=${attribute(node.constraints)}`);
  if (node.circular) props.push('circular');
  const body = [
    node.description ? mdxText(node.description) : '',
    valuesList(node, mdxText),
    node.children.length ? fieldsMdx(node.children, nestedTitle(node)) : '',
    ...node.variants.map((variant) => fieldsMdx(variant.fields, `One of: ${variant.title}`)),
  ].filter(Boolean);
  return `<Field ${props.join(' ')}>\n\n${body.join('\n\n')}\n\n</Field>`;
}

function fieldsMdx(nodes: FieldNode[], title?: string): string {
  const props = title ? ` nested title=${attribute(title)}` : '';
  return `<Fields${props}>\n\n${nodes.map(fieldMdx).join('\n\n')}\n\n</Fields>`;
}

const indent = (text: string) => text.replace(/\n(?=.)/g, '\n  ');

/** A field as a list item: name, type and rules, then its description, then its nested fields as a nested list. */
function fieldMarkdown(node: FieldNode): string {
  const details = [`\`${node.type}\``, node.required ? 'required' : '', ...node.constraints].filter(Boolean).join(', ');
  const head = `- \`${node.name}\` (${details})${node.description ? `: ${node.description.trim()}` : ''}`;
  const nested = [
    valuesList(node, (markdown) => markdown),
    node.children.length ? fieldsMarkdown(node.children, nestedTitle(node)) : '',
    ...node.variants.map((variant) => fieldsMarkdown(variant.fields, `One of: ${variant.title}`)),
    node.circular ? circularFieldNote(node.type) : '',
  ].filter(Boolean);
  return indent([head, ...nested].join('\n\n'));
}

function fieldsMarkdown(nodes: FieldNode[], title?: string): string {
  return [title ? `${title}:` : '', nodes.map(fieldMarkdown).join('\n')].filter(Boolean).join('\n\n');
}

function codeBlock(language: string, code: string, title?: string): string {
  const fence = code.includes('```') ? '````' : '```';
  return `${fence}${language}${title ? ` title=${JSON.stringify(title)}` : ''}\n${code}\n${fence}`;
}

const MDX: PageFormat = {
  text: mdxText,
  fields: fieldsMdx,
  samples: (samples) => {
    const tabs = samples.map((sample) => `<TabItem value=${attribute(sample.language)} label=${attribute(sample.label)}>\n\n${codeBlock(sample.highlight, sample.code)}\n\n</TabItem>`);
    const props = Object.entries(SAMPLE_TABS).map(([name, value]) => `${name}=${attribute(value)}`);
    return `<Tabs ${props.join(' ')}>\n\n${tabs.join('\n\n')}\n\n</Tabs>`;
  },
  head: (api, apiUrl) => [
    `import {Endpoint, Field, Fields, TryIt} from '@site/src/components/reference';`,
    `import Tabs from '@theme/Tabs';`,
    `import TabItem from '@theme/TabItem';`,
    `<Endpoint method=${attribute(api.method)} path=${attribute(api.path)} server=${attribute(apiUrl)} />`,
  ],
  tryIt: (page) => [`<TryIt data=${attribute(`${TRY_IT_DATA_PATH}/${page.id}.tryit.json`)} />`],
  deprecated: ':::warning[Deprecated]\n\nThis operation is deprecated and will be removed.\n\n:::',
};

const MARKDOWN: PageFormat = {
  text: (markdown) => markdown,
  fields: (nodes, title) => fieldsMarkdown(nodes, title),
  samples: (samples) => samples.map((sample) => `**${sample.label}**\n\n${codeBlock(sample.highlight, sample.code)}`).join('\n\n'),
  head: (api, apiUrl) => [`\`${api.method.toUpperCase()} ${api.path}\` (base URL \`${apiUrl}\`)`],
  tryIt: () => [],
  deprecated: '> **Deprecated**\n>\n> This operation is deprecated and will be removed.',
};

function schemaSection(
  content: Record<string, {example?: unknown; schema?: Schema}> | undefined,
  direction: Direction,
  exampleTitle: string,
  format: PageFormat,
): string[] {
  // A body offered in several content types (a report as PDF or CSV) describes each.
  return Object.entries(content ?? {}).flatMap(([mediaType, media]) => {
    const example = media.example ?? media.schema?.example;
    const fields = schemaFields(media.schema, direction);
    // A body that is one of several shapes lists each shape's fields.
    const variants = schemaVariants(media.schema, direction).map((variant) => format.fields(variant.fields, `One of: ${variant.title}`));
    // A body that is no object (a file, a CSV text) is described as a field is: its type and rules.
    const scalar = media.schema && !fields.length && !variants.length ? fieldNode('body', media.schema, false, direction) : undefined;
    const scalarRules = scalar ? [`\`${scalar.type}\``, ...scalar.constraints].join(', ') : '';
    return [
      `Content type \`${mediaType}\`${scalar ? `: ${format.text(scalarRules)}` : ''}.`,
      fields.length ? format.fields(fields) : '',
      ...variants,
      example !== undefined ? codeBlock('json', JSON.stringify(example, null, 2), exampleTitle) : '',
    ].filter(Boolean);
  });
}

type Responses = NonNullable<ApiPage['api']['responses']>;

/** Fields of a response body, as a comparable key. */
const bodyShape = (response: Responses[string]) =>
  JSON.stringify(schemaFields(Object.values(response.content ?? {})[0]?.schema, 'response').map((field) => [field.name, field.type, field.description]));

/**
 * Each success response with its fields and example; the errors in one table,
 * with their body described once when they share it (the contract gives every error one shape).
 */
function responseSections(responses: Responses, format: PageFormat): string[] {
  const entries = Object.entries(responses);
  const errors = entries.filter(([status]) => Number(status) >= 400);
  const shared = errors.length > 0 && new Set(errors.map(([, response]) => bodyShape(response))).size === 1;
  const sections: string[] = [];
  for (const [status, response] of shared ? entries.filter(([status]) => Number(status) < 400) : entries) {
    sections.push(`### ${statusLine(status)}`);
    if (response.description) sections.push(format.text(response.description));
    sections.push(...schemaSection(response.content, 'response', `Example ${status} response`, format));
  }
  if (shared) {
    const rows = errors.map(([status, response]) => `| ${statusLine(status)} | ${format.text(response.description ?? '').replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|')} |`);
    const [firstStatus, first] = errors[0];
    sections.push(
      '### Errors',
      `| Status | When |\n| --- | --- |\n${rows.join('\n')}`,
      'Every error answers with the same body:',
      ...schemaSection(first.content, 'response', `Example ${firstStatus} response`, format),
    );
  }
  return sections;
}

function operationPage(page: ApiPage, apiUrl: string, format: PageFormat): string[] {
  const {api} = page;
  const parameters = api.parameters ?? [];
  const sections: string[] = format.head(api, apiUrl);
  if (api.deprecated) sections.push(format.deprecated);
  if (api.description) sections.push(format.text(api.description));
  if (api['x-required-permission']) sections.push(format.text(requiredPermissionLine(api['x-required-permission'])));
  sections.push(...format.tryIt(page));

  if (parameters.length || api.requestBody) sections.push('## Request');
  for (const [location, heading] of PARAMETER_SECTIONS) {
    const located = parameters.filter((parameter) => parameter.in === location);
    if (!located.length) continue;
    const nodes = located.map((parameter) => {
      const node = fieldNode(parameter.name, parameter.schema ?? {}, parameter.required === true, 'request');
      const constraints = parameter.deprecated && !node.constraints.includes('deprecated') ? [...node.constraints, 'deprecated'] : node.constraints;
      return {...node, description: parameter.description ?? node.description, constraints};
    });
    sections.push(`### ${heading}`, format.fields(nodes));
  }
  if (api.requestBody) {
    sections.push('### Body');
    if (api.requestBody.description) sections.push(format.text(api.requestBody.description));
    sections.push(`${api.requestBody.required ? 'Required' : 'Optional'}.`, ...schemaSection(api.requestBody.content, 'request', 'Example body', format));
  }

  sections.push('## Responses', ...responseSections(api.responses ?? {}, format));
  sections.push('## Request samples', format.samples(samplesOf(exampleRequest(api, apiUrl))));
  return sections;
}

export function operationPageMdx(page: ApiPage, apiUrl: string): string {
  return `${operationPage(page, apiUrl, MDX).join('\n\n')}\n`;
}

/** The operation page's Markdown twin: the same sections in plain Markdown, under the page's title. */
export function operationPageMarkdown(page: ApiPage, apiUrl: string): string {
  return `${[`# ${page.title}`, ...operationPage(page, apiUrl, MARKDOWN)].join('\n\n')}\n`;
}
