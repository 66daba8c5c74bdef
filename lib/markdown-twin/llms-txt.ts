/** /llms.txt and /llms-full.txt, after the llms.txt convention; the full file summarises the API reference per operation. */
import type {ContractOperation} from '../contract/operations';
import {LLMS_FULL_FILE, POSTMAN_FILE} from '../paths';
import {isOperationPage, isTagPage, type Section, type SitePage} from './site-pages';

export interface LlmsInput {
  title: string;
  tagline: string;
  /** The site's URL with its base URL, ending with "/". */
  siteRoot: string;
  sections: Section[];
  operation(page: SitePage): ContractOperation;
  twins: Map<string, string>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => text.replace(/[[\]\\]/g, (char) => `\\${char}`);

export function firstSentence(description: string): string {
  const flat = oneLine(description.split(/\n\s*\n/)[0] ?? '');
  return flat.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? flat;
}

const firstParagraph = (description: string) => oneLine(description.split(/\n\s*\n/)[0] ?? '');

function about(input: LlmsInput): string {
  const {siteRoot} = input;
  return [
    `Every page of this portal has a Markdown twin: its path with \`.md\` added (\`${siteRoot}index.md\` for the home page), listed below.`,
    `[llms-full.txt](${siteRoot}${LLMS_FULL_FILE}) holds the guides, concepts and CLI pages and the webhook events in full, with the API reference summarised per operation.`,
    `The API's contract: [OpenAPI (YAML)](${siteRoot}openapi.yaml), [OpenAPI (JSON)](${siteRoot}openapi.json), [Postman collection](${siteRoot}${POSTMAN_FILE}).`,
  ].join(' ');
}

export function operationLine(operation: ContractOperation): string {
  const summary = firstSentence(operation.description);
  return `\`${operation.method} ${operation.path}\`${summary ? `: ${summary}` : ''}`;
}

const pageLine = (page: SitePage) => `- [${linkText(page.title)}](${page.twinUrl})${page.description ? `: ${oneLine(page.description)}` : ''}`;

export function llmsTxt(input: LlmsInput): string {
  return [
    `# ${input.title}`,
    `> ${input.tagline}`,
    about(input),
    ...input.sections.map((section) => `## ${section.title}\n\n${section.pages.map(pageLine).join('\n')}`),
  ]
    .join('\n\n')
    .concat('\n');
}

function operationSummary(page: SitePage, input: LlmsInput): string {
  const operation = input.operation(page);
  const description = firstParagraph(operation.description);
  return `## ${page.title}\n\n\`${operation.method} ${operation.path}\`${description ? `: ${description}` : ''} [Full reference](${page.twinUrl}).`;
}

function twin(page: SitePage, input: LlmsInput): string {
  const markdown = input.twins.get(page.id);
  if (markdown === undefined) throw new Error(`No Markdown twin of ${page.permalink}`);
  return markdown.trimEnd();
}

export function llmsFullTxt(input: LlmsInput): string {
  const parts = [`# ${input.title}`, `> ${input.tagline}`, about(input)];
  for (const section of input.sections) {
    const tag = section.pages.find(isTagPage);
    if (tag) {
      parts.push(`# ${section.title}`, `${oneLine(tag.description)} [All operations](${tag.twinUrl}).`);
      // The webhook events page is whole, like the guides.
      parts.push(...section.pages.filter((page) => page !== tag && !isOperationPage(page)).map((page) => twin(page, input)));
      parts.push(...section.pages.filter(isOperationPage).map((page) => operationSummary(page, input)));
    } else {
      parts.push(...section.pages.map((page) => twin(page, input)));
    }
  }
  return `${parts.join('\n\n')}\n`;
}
