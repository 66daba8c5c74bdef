/**
 * Error codes are the enums of the error bodies' `code` (contract/lib/common.tsp),
 * one per status; a code's description says what it means in its first sentence,
 * then what to do.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/compile';
import {resolveSchema, type OpenApiNode} from '../openapi';
import {apiReferenceDir} from '../paths';

export interface CatalogueEntry {
  code: string;
  status: number;
  meaning: string;
  whatToDo: string;
}

export const errorCatalogueFile = path.join(apiReferenceDir, 'errors.md');

export function errorCatalogue(document: OpenApiDocument): CatalogueEntry[] {
  const resolve = (node: unknown) => resolveSchema(document, node);
  const entries = new Map<string, CatalogueEntry>();
  for (const pathItem of Object.values<OpenApiNode>(document.paths)) {
    for (const operation of Object.values<OpenApiNode>(pathItem)) {
      for (const [status, response] of Object.entries<OpenApiNode>(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        const codeSchema = resolve(resolve(resolve(response).content?.['application/json']?.schema)?.properties?.code);
        const descriptions: Record<string, string> = codeSchema?.['x-enum-descriptions'] ?? {};
        for (const code of codeSchema?.enum ?? []) {
          const [meaning, ...rest] = descriptions[code].split(/(?<=\.) (?=[A-Z])/);
          if (rest.length === 0)
            throw new Error(`error code "${code}" (${status}): its description must say what it means, then what to do, in sentences of their own`);
          entries.set(code, {code, status: Number(status), meaning, whatToDo: rest.join(' ')});
        }
      }
    }
  }
  if (entries.size === 0) throw new Error("the contract has no error codes: the error bodies' `code` field is not an enum");
  return [...entries.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function errorCataloguePage(document: OpenApiDocument): string {
  const rows = errorCatalogue(document).map(({code, status, meaning, whatToDo}) => `| \`${code}\` | \`${status}\` | ${cell(meaning)} | ${cell(whatToDo)} |`);
  return `---
title: Error catalogue
sidebar_label: Error catalogue
description: Every error code of the API, with its HTTP status, what it means and what to do.
---

Every error response of the {{product}} API has the same body. \`code\` says what went wrong, for programs: branch on it, never on \`detail\`, whose wording may change. \`detail\` says the same for people, and \`errors\` names the fields of the request at fault (empty when no single field is):

\`\`\`json
{
  "code": "validation_failed",
  "detail": "Invalid input.",
  "errors": {"name": ["This field is required."]}
}
\`\`\`

Each operation's page lists the statuses it can answer, with their codes. A \`429\` or \`503\` also carries \`Retry-After\`, the seconds to wait; the [API overview](../overview-api-documentation.md#rate-limits) gives the rate limits and how to stay under them.

| Code | Status | Meaning | What to do |
| --- | --- | --- | --- |
${rows.join('\n')}
`;
}

export function writeErrorCatalogue(document: OpenApiDocument): void {
  fs.writeFileSync(errorCatalogueFile, errorCataloguePage(document));
}
