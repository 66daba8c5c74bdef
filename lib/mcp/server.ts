/** The same tools for either transport (stdio in scripts/mcp.ts, Streamable HTTP in ./service.ts). */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {portalConfig} from '../../portal.config';
import type {FeedbackIntake} from '../feedback/intake';
import {feedbackInput} from '../feedback/input';
import {MAX_QUERY_LENGTH} from '../../src/shared/search/settings';
import {
  DEFAULT_READ_CHARACTERS,
  DocsRequestError,
  MAX_OPERATION_ID_LENGTH,
  MAX_READ_CHARACTERS,
  MAX_SEARCH_RESULTS,
  OPERATIONS_PER_LIST,
  type PagePart,
  type PortalDocs,
} from './docs';

export interface DocsServerOptions {
  docs: PortalDocs;
  feedback: FeedbackIntake;
}

const text = (value: string): CallToolResult => ({content: [{type: 'text', text: value}]});

/** A caller's mistake becomes a tool error it can read and correct; anything else is a fault of the server and propagates. */
async function answer(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DocsRequestError) return {content: [{type: 'text', text: error.message}], isError: true};
    throw error;
  }
}

function pageText(part: PagePart, readOn: string): string {
  const more =
    part.nextOffset === null
      ? ''
      : `\n\n[Characters ${part.nextOffset} of ${part.totalCharacters} read. ${readOn} with offset ${part.nextOffset} for the rest.]`;
  return part.text + more;
}

const readOnly = {readOnlyHint: true, openWorldHint: false} as const;

export function createDocsServer({docs, feedback}: DocsServerOptions): McpServer {
  const server = new McpServer(
    {name: `${portalConfig.productName.toLowerCase()}-docs`, title: `${portalConfig.productName} developer documentation`, version: docs.version},
    {
      instructions: `Documentation of the ${portalConfig.productName} API and CLI. Search first (search_docs), then read the pages found (read_page); for an endpoint, get_operation.`,
    },
  );
  const offset = z.number().int().min(0).default(0).describe('Where to start reading, in characters: 0, or the offset the previous part named.');
  const maxCharacters = z
    .number()
    .int()
    .min(1000)
    .max(MAX_READ_CHARACTERS)
    .default(DEFAULT_READ_CHARACTERS)
    .describe('At most this many characters in one answer.');

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Full-text search of the ${portalConfig.productName} documentation (guides, concepts, API reference, CLI reference), with the site's own index and ranking. Returns the best sections first: page title, URL, section heading and a snippet. Read a hit with read_page.`,
      inputSchema: {
        query: z.string().min(1).max(MAX_QUERY_LENGTH).describe('A few keywords or a short question, such as "pause a scan" or "webhook signature".'),
        limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(5).describe('How many results at most.'),
      },
      annotations: readOnly,
    },
    ({query, limit}) =>
      answer(async () => {
        const results = await docs.searchDocs(query, limit);
        if (!results.length) return text(`Nothing matches "${query}". Every word must match: try fewer or other words.`);
        return text(
          results
            .map((result, rank) => `${rank + 1}. ${result.title}${result.section ? ` › ${result.section}` : ''}\n   URL: ${result.url}\n   ${result.snippet}`)
            .join('\n\n'),
        );
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        'A documentation page as Markdown, by its URL or site path (from search_docs, or such as /api/overview or /cli/reference). A long page comes in parts: the answer ends by naming the offset to read on from.',
      inputSchema: {page: z.string().min(1).max(300).describe('The page: its URL or its path, such as /api/overview.'), offset, maxCharacters},
      annotations: readOnly,
    },
    ({page, offset: from, maxCharacters: bound}) => answer(() => text(pageText(docs.readPage(page, from, bound), 'Call read_page again'))),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        "An API operation's reference as Markdown: method and path, description, parameters, request and response schemas, errors and request samples. By operation id (such as targets_create), or by HTTP method and path template (POST /api/v1/targets/).",
      inputSchema: {
        operationId: z.string().max(MAX_OPERATION_ID_LENGTH).optional().describe('The operation id, such as targets_create (list_operations lists them).'),
        method: z.string().max(10).optional().describe('The HTTP method, with path: GET, POST, PUT, PATCH or DELETE.'),
        path: z.string().max(200).optional().describe('The path template, with method, as the reference writes it: /api/v1/targets/{target_id}/.'),
        offset,
        maxCharacters,
      },
      annotations: readOnly,
    },
    ({operationId, method, path, offset: from, maxCharacters: bound}) =>
      answer(() => {
        const operation = docs.findOperation({operationId, method, path});
        return text(pageText(docs.readPage(operation.page, from, bound), `Call get_operation for ${operation.id} again`));
      }),
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List API operations',
      description: `The API operations, each with its id, method, path and summary; of one tag (such as Targets or Scans) or all of them, ${OPERATIONS_PER_LIST} at a time: the answer ends by naming the offset to list on from. Get one in full with get_operation.`,
      inputSchema: {
        tag: z
          .string()
          .max(100)
          .optional()
          .describe(`A tag of the API: ${docs.tags().join(', ')}. Without it, every operation.`),
        offset: z.number().int().min(0).default(0).describe('How many operations to skip: 0, or the offset the previous answer named.'),
      },
      annotations: readOnly,
    },
    ({tag, offset: from}) =>
      answer(() => {
        const list = docs.listOperations(tag, from);
        const lines = list.operations.map((operation) => `${operation.id}: ${operation.method} ${operation.path} (${operation.summary})`).join('\n');
        const more =
          list.nextOffset === null
            ? ''
            : `\n\n[Operations ${from + 1} to ${list.nextOffset} of ${list.total}. Call list_operations again with offset ${list.nextOffset} for the rest.]`;
        return text(lines + more);
      }),
  );

  server.registerTool(
    'send_feedback',
    {
      title: 'Send feedback on a page',
      description:
        "Tells the documentation team that a page helped or did not, and what was missing or wrong. Stored with the portal's page feedback; nothing else is sent.",
      // The whole schema, not its shape: the shape would drop unknown keys, which the pages' /feedback refuses.
      inputSchema: feedbackInput,
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false},
    },
    (input) =>
      answer(async () => {
        const outcome = await feedback.submit(input, 'mcp');
        if (outcome.status === 400) throw new DocsRequestError(`Feedback not stored: ${outcome.error}.`);
        if (outcome.status === 503) throw new DocsRequestError(outcome.error);
        return text(`Thank you: your feedback on ${input.page} is stored.`);
      }),
  );

  return server;
}
