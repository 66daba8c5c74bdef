/**
 * A list answer as every list operation of the contract gives it: filtered
 * by the query's fields, searched, ordered, then one page of `length`
 * objects (`count`, `page_total`, `page`, `length`, `results`).
 */
import type {Json} from './account-store';
import {SandboxError} from './errors';

const DEFAULT_LENGTH = 20;
const NOT_FILTERS = new Set(['page', 'length', 'ordering', 'search']);

/**
 * Whether an object passes one query filter: a field of that name, a reference (`team_id` matches `team.id`), or a
 * list holding the value. An object without the field fails a filter on one of its kind's `fields` (a finding never
 * re-tested has no `retest_status`) and passes any other (`min_severity`, `created_after`), which the sandbox does not apply.
 */
function passes(object: Json, name: string, wanted: string[], fields: ReadonlySet<string>): boolean {
  const reference = name.endsWith('_id') ? (object[name.slice(0, -3)] as Json | null | undefined) : undefined;
  if (reference && typeof reference === 'object') return wanted.includes(String(reference.id));
  const value = object[name] ?? object[`${name}s`];
  if (Array.isArray(value)) return value.some((item) => wanted.includes(String(item)));
  if (value === undefined) return !fields.has(name);
  return wanted.includes(String(value));
}

/** A page of `objects` as the query asks; `fields` are those the kind's objects have in the contract. */
export function listAnswer(objects: Json[], query: URLSearchParams, fields: ReadonlySet<string>): Json {
  let selected = objects;
  for (const name of new Set(query.keys())) {
    if (NOT_FILTERS.has(name) || !query.get(name)) continue;
    const wanted = query.getAll(name).flatMap((value) => value.split(','));
    selected = selected.filter((object) => passes(object, name, wanted, fields));
  }
  const search = query.get('search')?.toLowerCase();
  if (search)
    selected = selected.filter((object) =>
      ['name', 'url', 'email'].some((field) =>
        String(object[field] ?? '')
          .toLowerCase()
          .includes(search),
      ),
    );
  const ordering = query.get('ordering');
  if (ordering) {
    const field = ordering.replace(/^-/, '');
    const direction = ordering.startsWith('-') ? -1 : 1;
    selected = [...selected].sort((a, b) => direction * String(a[field] ?? '').localeCompare(String(b[field] ?? '')));
  }
  const length = Number(query.get('length') || DEFAULT_LENGTH);
  const page = Number(query.get('page') || 1);
  const pageTotal = Math.max(1, Math.ceil(selected.length / length));
  if (page > pageTotal) throw new SandboxError(404, 'not_found', 'Invalid page.');
  return {count: selected.length, page_total: pageTotal, page, length, results: selected.slice((page - 1) * length, page * length)};
}
