/** A table headed by a field in code and listing one value per row must list exactly that field's enum, so a page never leaves out a status the API returns. */
import type {InlineCode, Root, Table, TableCell} from 'mdast';
import {visit} from 'unist-util-visit';
import type {OperationIndex} from '../contract/operations';
import type {Problem} from './http-requests';

function codeOnly(cell: TableCell): string | undefined {
  const [only, ...rest] = cell.children;
  return rest.length === 0 && only?.type === 'inlineCode' ? (only as InlineCode).value : undefined;
}

export function enumTableProblems(tree: Root, operations: OperationIndex): Problem[] {
  const problems: Problem[] = [];
  visit(tree, 'table', (table: Table) => {
    const [header, ...rows] = table.children;
    const field = header && codeOnly(header.children[0]);
    if (!field || !/^[a-z][a-z0-9_]*$/.test(field) || rows.length === 0) return;
    const values = rows.map((row) => codeOnly(row.children[0]));
    if (values.some((value) => value === undefined)) return;
    const enums = operations.enumsOfField(field);
    if (enums.length === 0) return;
    const listed = new Set(values as string[]);
    // A `status` column names one of several enums: the one holding every listed value.
    const candidates = enums.filter((values) => [...listed].every((value) => values.includes(value)));
    const line = table.position?.start.line ?? 1;
    if (candidates.length === 0) {
      problems.push({
        line,
        message: `the table of \`${field}\` lists ${[...listed].map((value) => `\`${value}\``).join(', ')}, which no enum of a \`${field}\` field of the contract holds together`,
      });
    } else if (!candidates.some((values) => values.length === listed.size)) {
      const missing = candidates[0].filter((value) => !listed.has(value));
      problems.push({line, message: `the table of \`${field}\` leaves out ${missing.map((value) => `\`${value}\``).join(', ')} of the contract's values`});
    }
  });
  return problems;
}
