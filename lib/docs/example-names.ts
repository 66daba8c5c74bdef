/** One name per example id across pages, the CLI description and the contract, so a reader following ids from page to page meets the same object. */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../paths';
import type {Problem} from './http-requests';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `"team": {"id": "…", "name": "…"` in JSON, `team: #{ id: "…", name: "…"` in TypeSpec, or an object without its field. */
const OBJECT = new RegExp(`(?:"?([a-z_]+)"?\\s*:\\s*#?\\{\\s*)?"?id"?\\s*:\\s*"(${UUID})",\\s*"?name"?\\s*:\\s*"([^"\\n]+)"`, 'g');
/** `Payments (8b1f6c3d-…)` in a CLI table. */
const LABELLED = new RegExp(`([A-Z][\\w.-]*(?: [\\w.()-]+?){0,4}) \\((${UUID})\\)`, 'g');

interface Shown {
  file: string;
  line: number;
  id: string;
  name: string;
  field?: string;
}

// "SqlInjection" in a SARIF rule is the definition "SQL injection": compare names by their letters and digits.
const sameName = (a: string, b: string) => a.toLowerCase().replace(/[^a-z0-9]/g, '') === b.toLowerCase().replace(/[^a-z0-9]/g, '');

function shownIn(file: string): Shown[] {
  const text = fs.readFileSync(file, 'utf8');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  return [
    ...[...text.matchAll(OBJECT)].map((match) => ({file, line: lineOf(match.index), field: match[1], id: match[2], name: match[3]})),
    ...[...text.matchAll(LABELLED)].map((match) => ({file, line: lineOf(match.index), id: match[2], name: match[1]})),
  ];
}

/** Compared with the first place that shows the object. */
export function exampleNameProblems(files: string[]): Map<string, Problem[]> {
  const shown = files.flatMap(shownIn);
  const problems = new Map<string, Problem[]>();
  const where = (at: Shown) => `${path.relative(repoRoot, at.file)}:${at.line}`;
  const report = (at: Shown, message: string) => problems.set(at.file, [...(problems.get(at.file) ?? []), {line: at.line, message}]);
  const firstById = new Map<string, Shown>();
  const firstByName = new Map<string, Shown>();
  for (const at of shown) {
    const first = firstById.get(at.id);
    if (!first) firstById.set(at.id, at);
    else if (!sameName(first.name, at.name))
      report(at, `example id ${at.id} is named "${at.name}" here and "${first.name}" in ${where(first)}: one id, one name`);
    if (!at.field) continue;
    const key = `${at.field}\n${at.name}`;
    const same = firstByName.get(key);
    if (!same) firstByName.set(key, at);
    else if (same.id !== at.id)
      report(at, `the example ${at.field} "${at.name}" has id ${at.id} here and ${same.id} in ${where(same)}: one ${at.field}, one id`);
  }
  return problems;
}
