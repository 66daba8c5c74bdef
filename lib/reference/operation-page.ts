/**
 * One operation's page, in place of docusaurus-plugin-openapi-docs'
 * createApiPageMD: its content is data beside an MDX page (dataPage), far cheaper
 * for the bundler than compiled MDX, and the page ships no schema renderer. The
 * try-it panel loads the operation's data only when opened; the same sections in
 * plain Markdown are the twin.
 */
import {createSlugger} from '@docusaurus/utils';
import escapeHtml from 'escape-html';
import type {Heading, PhrasingContent} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {circularFieldNote} from '../../src/shared/circular-field';
import {mediaExamples, REPLACED_BY_EXTENSION, resolveSchema, statusLine, SUNSET_EXTENSION} from '../openapi';
import {deprecationRules, fieldNode, plainSchema, schemaFields, schemaVariants, type Direction, type FieldNode, type Schema} from './schema-fields';
import {TRY_IT_DATA_PATH} from '../paths';
import {requiredPermissionLine} from './permission-catalogue';
import {exampleRequest, exampleValues, samplesOf, SAMPLE_TABS, type RequestSample, type SampleOperation} from './request-samples';
import {CLI_SAMPLE_LANGUAGE, cliSample, type CliSampleSource} from './cli-samples';
import {readOperationReleases, releaseMarksLine, type OperationReleases} from './release-marks';
import {loadCliDescription} from '../cli/description';
import type {FieldData, FieldListData, HeadingData, Markup, PageBlock, PageData, TocItem} from '../../src/shared/page-data';
import {markdownMarkup, markdownTree} from './markdown-markup';

/** What the plugin hands the generator (the parts used here). */
export interface ApiPage {
  id: string;
  title: string;
  api: SampleOperation & {
    operationId?: string;
    description?: string;
    deprecated?: boolean;
    [SUNSET_EXTENSION]?: string;
    [REPLACED_BY_EXTENSION]?: string;
    'x-required-permission'?: string;
    requestBody?: {required?: boolean; description?: string; content?: MediaContent};
    responses?: Record<string, {description?: string; headers?: Record<string, ResponseHeader>; content?: MediaContent}>;
  };
}

interface ResponseHeader {
  description?: string;
  required?: boolean;
  schema?: Schema;
}

const PARAMETER_SECTIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

/** Braces and angle brackets outside code are escaped. */
export function mdxText(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[{}<>]/g, (char) => `\\${char}`)))
    .join('');
}

/** What differs between the page and its Markdown twin: a `Block` is what the format does not write as Markdown. */
export interface PageFormat<Block> {
  text(markdown: string): string;
  fields(nodes: FieldNode[], title?: string): Block;
  samples(samples: RequestSample[]): Block;
  head(page: ApiPage, apiUrl: string): Block[];
  /** The try-it panel, where the format has one. */
  tryIt(page: ApiPage): Block[];
  deprecated(notice: string): Block;
}

export type Sections<Block> = (string | Block)[];

/** `text` makes a description safe for the format. */
function valuesList(node: FieldNode, text: (markdown: string) => string): string {
  if (!node.values.length) return '';
  const title = node.type.startsWith('array') ? 'Allowed values of each item:' : 'Allowed values:';
  const lines = node.values.map(({value, description}) => `- \`${value}\`${description ? `: ${text(description.trim().replace(/\s*\n\s*/g, ' '))}` : ''}`);
  return `${title}\n\n${lines.join('\n')}`;
}

const nestedTitle = (node: FieldNode) => (node.type.startsWith('array') ? `Fields of each item of ${node.name}` : `Fields of ${node.name}`);

function fieldListData(nodes: FieldNode[], title?: string): FieldListData {
  const field = (node: FieldNode): FieldData => {
    const body = [node.description ? mdxText(node.description) : '', valuesList(node, mdxText)].filter(Boolean).join('\n\n');
    return {
      name: node.name,
      type: node.type,
      ...(node.required ? {required: true} : {}),
      ...(node.constraints.length ? {constraints: node.constraints} : {}),
      ...(node.circular ? {circular: true} : {}),
      body: body ? markdownMarkup(body) : [],
      lists: [
        ...(node.children.length ? [fieldListData(node.children, nestedTitle(node))] : []),
        ...node.variants.map((variant) => fieldListData(variant.fields, `One of: ${variant.title}`)),
      ],
    };
  };
  return {...(title ? {title} : {}), fields: nodes.map(field)};
}

export const pageDataFile = (pageId: string): string => `${pageId}.data.js`;

/** A module of one string: the bundler holds it as one value, where JSON or MDX would be a tree of thousands. */
export const pageDataModule = (data: PageData): string => `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;

/** The table of contents is MDX's own `toc` export, which Docusaurus keeps as written. */
export const dataPageMdx = (pageId: string): string =>
  [
    `import {PageContent} from '@site/src/components/reference';\nimport pageData from './${pageDataFile(pageId)}';`,
    'export const toc = pageData.toc;',
    '<PageContent data={pageData} />',
  ].join('\n\n') + '\n';

/** Generated pages have levels 2 and 3 only. */
const HEADING = /^(#{1,6}) (.+)$/;

/** A heading's entry in the table of contents, as Docusaurus writes a Markdown page's (with the same escaping library): code and emphasis kept, links as their text. */
function tocHtml(node: Heading | PhrasingContent): string {
  const children = () => ('children' in node ? node.children.map(tocHtml).join('') : '');
  switch (node.type) {
    case 'text':
      return escapeHtml(node.value);
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'emphasis':
      return `<em>${children()}</em>`;
    case 'strong':
      return `<strong>${children()}</strong>`;
    case 'delete':
      return `<del>${children()}</del>`;
    case 'heading':
    case 'link':
      return children();
    default:
      return toString(node);
  }
}

/** Slugged by Docusaurus's own `slug`, so anchors match a Markdown page's. */
function headingData(section: string, [level, text]: [string, string], slug: (text: string) => string): {data: HeadingData; tocItem: TocItem} {
  if (level !== '##' && level !== '###') throw new Error(`A generated page's headings are of level 2 or 3: ${JSON.stringify(section)}`);
  const [paragraph, ...rest] = markdownMarkup(text);
  if (rest.length || typeof paragraph === 'string' || paragraph[0] !== 'p')
    throw new Error(`A generated page's heading is one line of text: ${JSON.stringify(section)}`);
  const heading = markdownTree(section).children[0] as Heading;
  const data: HeadingData = {level: heading.depth as 2 | 3, id: slug(toString(heading)), content: paragraph.slice(2) as Markup[]};
  return {data, tocItem: {value: tocHtml(heading), id: data.id, level: data.level}};
}

/** A run of Markdown is rendered as MDX renders its top: blocks separated by line breaks. */
export function dataPage(pageId: string, sections: Sections<PageBlock>): {mdx: string; data: PageData} {
  const content: PageBlock[] = [];
  const toc: TocItem[] = [];
  const slugger = createSlugger();
  const slug = (text: string) => slugger.slug(text, {maintainCase: false});
  let run: string[] = [];
  const endRun = () => {
    if (run.length) content.push({markup: markdownMarkup(run.join('\n\n'), 'page')});
    run = [];
  };
  for (const section of sections) {
    const heading = typeof section === 'string' ? HEADING.exec(section) : null;
    if (typeof section === 'string' && !heading) {
      run.push(section);
      continue;
    }
    endRun();
    if (typeof section !== 'string') content.push(section);
    else {
      const {data, tocItem} = headingData(section, [heading![1], heading![2]], slug);
      content.push({heading: data});
      toc.push(tocItem);
    }
  }
  endRun();
  return {mdx: dataPageMdx(pageId), data: {content, toc}};
}

const indent = (text: string) => text.replace(/\n(?=.)/g, '\n  ');

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

export const DATA: PageFormat<PageBlock> = {
  text: mdxText,
  fields: (nodes, title) => ({fields: fieldListData(nodes, title)}),
  samples: (samples) => ({
    samples: {tabs: SAMPLE_TABS, samples: samples.map(({language, label, highlight, code}) => ({value: language, label, language: highlight, code}))},
  }),
  head: ({api}, apiUrl) => [{endpoint: {method: api.method, path: api.path, server: apiUrl}}],
  tryIt: (page) => [{tryIt: `${TRY_IT_DATA_PATH}/${page.id}.tryit.json`}],
  deprecated: (notice) => ({admonition: {type: 'warning', title: 'Deprecated', body: markdownMarkup(mdxText(notice))}}),
};

export const MARKDOWN: PageFormat<string> = {
  text: (markdown) => markdown,
  fields: (nodes, title) => fieldsMarkdown(nodes, title),
  samples: (samples) => samples.map((sample) => `**${sample.label}**\n\n${codeBlock(sample.highlight, sample.code)}`).join('\n\n'),
  head: ({api}, apiUrl) => [`\`${api.method.toUpperCase()} ${api.path}\` (base URL \`${apiUrl}\`)`],
  tryIt: () => [],
  deprecated: (notice) => `> **Deprecated**\n>\n> ${notice}`,
};

type MediaContent = Record<string, {example?: unknown; examples?: Record<string, unknown>; schema?: Schema}>;

/** A body's type, fields and example, or each named example (titled `@opExample`s) under its name. */
export function schemaSection<Block>(
  content: MediaContent | undefined,
  direction: Direction,
  exampleTitle: string,
  format: PageFormat<Block>,
): Sections<Block> {
  // A report as PDF or CSV describes each.
  return Object.entries(content ?? {}).flatMap(([mediaType, media]) => {
    const named = mediaExamples(media);
    const examples = named.length ? named : media.schema?.example !== undefined ? [{name: 'default', summary: '', value: media.schema.example}] : [];
    const fields = schemaFields(media.schema, direction);
    const variants = schemaVariants(media.schema, direction).map((variant) => format.fields(variant.fields, `One of: ${variant.title}`));
    // A body that is no object, or a list of objects (a bulk creation), is described as a field is, for its own rules such as item count are not its items'.
    const scalar = !fields.length && !variants.length;
    const described = media.schema && (scalar || plainSchema(media.schema).type === 'array') ? fieldNode('body', media.schema, false, direction) : undefined;
    const bodyRules = described && (scalar || described.constraints.length) ? [`\`${described.type}\``, ...described.constraints].join(', ') : '';
    return [
      `Content type \`${mediaType}\`${bodyRules ? `: ${format.text(bodyRules)}` : ''}.`,
      fields.length ? format.fields(fields) : '',
      ...variants,
      // Before its block: a fence's title cannot hold the summary's code marks.
      ...examples.flatMap((example) =>
        example.name === 'default'
          ? [codeBlock('json', JSON.stringify(example.value, null, 2), exampleTitle)]
          : [
              format.text(`Example \`${example.name}\`: ${example.summary}`),
              codeBlock('json', JSON.stringify(example.value, null, 2), `${exampleTitle}: ${example.name}`),
            ],
      ),
    ].filter(Boolean);
  });
}

type Responses = NonNullable<ApiPage['api']['responses']>;

const bodyShape = (response: Responses[string]) =>
  JSON.stringify(schemaFields(Object.values(response.content ?? {})[0]?.schema, 'response').map((field) => [field.name, field.type, field.description]));

/** An error body's `code` values, through the compiler's one-element `allOf` wrappers. */
function errorCodes(response: Responses[string]): string[] {
  // The page's data is dereferenced: resolveSchema only unwraps the allOf here.
  const unwrap = (schema: unknown) => resolveSchema<Schema | undefined>({}, schema);
  const code = unwrap(unwrap(Object.values(response.content ?? {})[0]?.schema)?.properties?.code);
  return (code?.enum as string[] | undefined) ?? [];
}

const ERROR_CATALOGUE = '/api/reference/errors';

/** Errors in one table, their body described once when shared; headers every response carries told once. */
function responseSections<Block>(responses: Responses, format: PageFormat<Block>): Sections<Block> {
  const entries = Object.entries(responses);
  const errors = entries.filter(([status]) => Number(status) >= 400);
  const shared = errors.length > 0 && new Set(errors.map(([, response]) => bodyShape(response))).size === 1;
  const sections: Sections<Block> = [];
  for (const [status, response] of shared ? entries.filter(([status]) => Number(status) < 400) : entries) {
    sections.push(`### ${statusLine(status)}`);
    if (response.description) sections.push(format.text(response.description));
    sections.push(...schemaSection(response.content, 'response', `Example ${status} response`, format));
  }
  if (shared) {
    const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
    const rows = errors.map(([status, response]) => {
      const codes = errorCodes(response)
        .map((code) => `\`${code}\``)
        .join(', ');
      return `| ${statusLine(status)} | ${codes} | ${cell(format.text(response.description ?? ''))} |`;
    });
    const [firstStatus, first] = errors[0];
    sections.push(
      '### Errors',
      `| Status | Codes | When |\n| --- | --- | --- |\n${rows.join('\n')}`,
      `Every error answers with the same body; its \`code\` is one of its status's codes, which the [error catalogue](${ERROR_CATALOGUE}) explains with what to do.`,
      ...schemaSection(first.content, 'response', `Example ${firstStatus} response`, format),
    );
  }
  sections.push(...headerSections(responses, format));
  return sections;
}

function deprecationNotice(api: ApiPage['api']): string {
  const sunset = api[SUNSET_EXTENSION];
  const replacedBy = api[REPLACED_BY_EXTENSION];
  const until = sunset
    ? `This operation is deprecated: it keeps working until its sunset on ${sunset}, then it may be removed.`
    : 'This operation is deprecated and will be removed.';
  return replacedBy ? `${until} Use ${replacedBy} instead.` : until;
}

function headerSections<Block>(responses: Responses, format: PageFormat<Block>): Sections<Block> {
  const entries = Object.entries(responses);
  const names = (headers: Record<string, ResponseHeader> | undefined) => Object.keys(headers ?? {});
  const everywhere = names(entries[0]?.[1].headers).filter((name) => entries.every(([, response]) => response.headers?.[name]));
  const nodes = (headers: [string, ResponseHeader][]) =>
    headers.map(([name, header]) => ({...fieldNode(name, header.schema ?? {}, header.required === true, 'response'), description: header.description ?? ''}));
  const sections: Sections<Block> = [];
  if (everywhere.length > 0) sections.push(format.fields(nodes(everywhere.map((name) => [name, entries[0][1].headers![name]])), 'On every response'));
  for (const [status, response] of entries) {
    const own = Object.entries(response.headers ?? {}).filter(([name]) => !everywhere.includes(name));
    if (own.length > 0) sections.push(format.fields(nodes(own), `On ${statusLine(status)}`));
  }
  return sections.length > 0 ? ['### Response headers', ...sections] : [];
}

export interface PageSources {
  cli?: CliSampleSource;
  releases?: OperationReleases;
}

/** The build's sources; `tokens.cli` is the CLI's name. */
export function loadPageSources(tokens: Record<string, string>): PageSources {
  return {cli: {name: tokens.cli, description: loadCliDescription(undefined, undefined, tokens)}, releases: readOperationReleases()};
}

function requestSamples(api: ApiPage['api'], apiUrl: string, cli: CliSampleSource | undefined): RequestSample[] {
  const samples = samplesOf(exampleRequest(api, apiUrl));
  const command = cli && api.operationId ? cliSample(cli, api.operationId, exampleValues(api)) : undefined;
  return command ? [...samples, {label: cli!.name, language: CLI_SAMPLE_LANGUAGE, highlight: 'bash', code: command}] : samples;
}

function operationPage<Block>(page: ApiPage, apiUrl: string, format: PageFormat<Block>, sources: PageSources): Sections<Block> {
  const {api} = page;
  const parameters = api.parameters ?? [];
  const sections: Sections<Block> = format.head(page, apiUrl);
  const marks = api.operationId && sources.releases ? releaseMarksLine(sources.releases, api.operationId) : undefined;
  if (marks) sections.push(format.text(marks));
  if (api.deprecated) sections.push(format.deprecated(deprecationNotice(api)));
  if (api.description) sections.push(format.text(api.description));
  if (api['x-required-permission']) sections.push(format.text(requiredPermissionLine(api['x-required-permission'])));
  sections.push(...format.tryIt(page));

  if (parameters.length || api.requestBody) sections.push('## Request');
  for (const [location, heading] of PARAMETER_SECTIONS) {
    const located = parameters.filter((parameter) => parameter.in === location);
    if (!located.length) continue;
    const nodes = located.map((parameter) => {
      const node = fieldNode(parameter.name, parameter.schema ?? {}, parameter.required === true, 'request');
      const constraints =
        parameter.deprecated && !node.constraints.includes('deprecated')
          ? [...node.constraints, ...deprecationRules(parameter as Record<string, unknown>)]
          : node.constraints;
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
  sections.push('## Request samples', format.samples(requestSamples(api, apiUrl, sources.cli)));
  return sections;
}

export function operationPageMdx(page: ApiPage, apiUrl: string, sources: PageSources = {}): {mdx: string; data: PageData} {
  return dataPage(page.id, operationPage(page, apiUrl, DATA, sources));
}

export function operationPageMarkdown(page: ApiPage, apiUrl: string, sources: PageSources = {}): string {
  return `${[`# ${page.title}`, ...operationPage(page, apiUrl, MARKDOWN, sources)].join('\n\n')}\n`;
}
