/**
 * A contract change in plain words for the changelog, with a sort and an item so
 * that one change made across many operations, or alike but for its field, is told
 * in one line.
 */
import {REPLACED_BY_EXTENSION, SUNSET_EXTENSION, type OpenApiNode} from '../openapi';

export interface ChangeWords {
  text: string;
  /** For bounds, the text without the field, so many operations' bounds are told together. */
  sort: string;
  /** For a sort counted by field (bounds), and what the count names ("request values"). */
  counted?: {field: string; as: string};
  /** `${lead} \`${item}\` ${tail}`: an operation's changes alike in all but the item are told in one line. */
  listed?: {lead: string; item: string; tail: string};
}

/** "Bounds added to 40 request values in 12 operations". */
export function manyOperationsLine(sort: string, operations: number, counted?: {fields: number; as: string}): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return `${sort}${counted ? ` ${count(counted.fields)} ${counted.as}` : ''} in ${count(operations)} operations`;
}

export interface ChangeSite {
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** Empty for the operation itself. */
  rest: (string | number)[];
  before: unknown;
  after: unknown;
  parameter?: OpenApiNode;
  /** After the change: a deprecation's sunset and replacement are beside it. */
  holderAfter?: OpenApiNode;
  /** The schema whose `properties` or `required` changed. */
  schemaBefore?: OpenApiNode;
  schemaAfter?: OpenApiNode;
}

const BOUNDS: Record<string, (value: unknown) => string> = {
  maxLength: (value) => `at most ${String(value)} characters`,
  minLength: (value) => `at least ${String(value)} characters`,
  maximum: (value) => `at most ${String(value)}`,
  minimum: (value) => `at least ${String(value)}`,
  exclusiveMaximum: (value) => `below ${String(value)}`,
  exclusiveMinimum: (value) => `above ${String(value)}`,
  maxItems: (value) => `at most ${String(value)} items`,
  minItems: (value) => `at least ${String(value)} items`,
  pattern: (value) => `matching \`${String(value)}\``,
};

const code = (value: unknown): string => {
  const text = (typeof value === 'object' && value !== null) || value === '' ? JSON.stringify(value) : String(value);
  return `\`${(text.length > 60 ? `${text.slice(0, 57)}…` : text).replace(/`/g, "'")}\``;
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const VERB: Record<ChangeSite['action'], string> = {add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed'};

interface Subject {
  /** "request field", "query parameter", "response header", "request body"; lower case. */
  label: string;
  item?: string;
  side: 'request' | 'response' | 'operation';
  field?: string;
  tail: (string | number)[];
}

const named = (subject: {label: string; item?: string}) => (subject.item === undefined ? subject.label : `${subject.label} \`${subject.item}\``);

/** `results[].id`, `errors.*`, and the keys after it that say what changed. */
function schemaField(path: (string | number)[]): {field: string; tail: (string | number)[]} {
  let field = '';
  let index = 0;
  for (; index < path.length; index++) {
    const key = path[index];
    const next = path[index + 1];
    // Unless it is the last key: then the field itself was added or removed.
    if (key === 'properties' && next !== undefined && index + 2 < path.length) {
      field = field ? `${field}.${next}` : String(next);
      index++;
    } else if (key === 'items' && index + 1 < path.length) field += '[]';
    else if (key === 'additionalProperties' && index + 1 < path.length) field = field ? `${field}.*` : '*';
    else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && index + 2 < path.length) index++;
    else break;
  }
  return {field, tail: path.slice(index)};
}

function bodySubject(label: string, body: string, side: Subject['side'], schemaPath: (string | number)[]): Subject {
  const {field, tail} = schemaField(schemaPath);
  return field ? {label, item: field, side, field, tail} : {label: body, side, field, tail};
}

function subjectOf(site: ChangeSite): Subject {
  const [first, second, third] = site.rest;
  const afterSchema = (tail: (string | number)[]) => (tail[0] === 'schema' ? tail.slice(1) : tail);
  if (first === 'parameters' && second !== undefined) {
    const label = site.parameter?.in ? `${String(site.parameter.in)} parameter` : 'parameter';
    return {label, item: String(site.parameter?.name ?? second), side: 'request', tail: afterSchema(site.rest.slice(2))};
  }
  if (first === 'requestBody') {
    if (site.rest.length <= 4) return {label: 'request body', side: 'request', field: '', tail: site.rest.slice(1)};
    return bodySubject('request field', 'request body', 'request', site.rest.slice(4));
  }
  if (first === 'responses' && second !== undefined) {
    const error = !/^2/.test(String(second));
    if (third === 'headers' && site.rest.length >= 4)
      return {label: 'response header', item: String(site.rest[3]), side: 'response', tail: afterSchema(site.rest.slice(4))};
    if (third === 'content' && site.rest.length > 4)
      return bodySubject(error ? 'error response field' : 'response field', error ? 'error response body' : 'response body', 'response', site.rest.slice(5));
    return {label: 'response', item: String(second), side: 'response', tail: site.rest.slice(2)};
  }
  return {label: 'operation', side: 'operation', tail: site.rest};
}

const childField = (subject: Subject, child: unknown) => ({
  label: subject.label.replace(/body$/, 'field'),
  item: `${subject.field ? `${subject.field}.` : ''}${String(child)}`,
});

export function changeWords(site: ChangeSite): ChangeWords {
  const {action, before, after} = site;
  const value = action === 'remove' ? before : after;
  const verb = VERB[action];
  const words = (text: string, sort = text, counted?: ChangeWords['counted']): ChangeWords => ({text, sort, ...(counted ? {counted} : {})});
  const listed = (lead: string, item: string, tail = ''): ChangeWords => ({
    ...words(`${lead} \`${item}\`${tail ? ` ${tail}` : ''}`),
    listed: {lead, item, tail},
  });
  if (site.rest.length === 0) return words(action === 'add' ? 'New operation' : `Operation ${verb}`);
  const subject = subjectOf(site);
  const last = subject.tail.at(-1);
  const parent = subject.tail.at(-2);
  const Name = capitalised(named(subject));
  // One change to a reader, told alike.
  const newField = (child: {label: string; item: string}, required: boolean) =>
    subject.side === 'request'
      ? listed(`New ${required ? 'required' : 'optional'} ${child.label}`, child.item)
      : listed(capitalised(child.label), child.item, 'added');

  if (subject.tail.length === 0) {
    if (subject.label.endsWith('parameter') && action === 'add')
      return listed(`New ${site.parameter?.required ? 'required' : 'optional'} ${subject.label}`, subject.item!);
    return subject.item === undefined ? words(`${Name} ${verb}`) : listed(capitalised(subject.label), subject.item, verb);
  }
  if (parent === 'properties') {
    const child = childField(subject, last);
    if (action === 'add') return newField(child, (site.schemaAfter?.required as unknown[] | undefined)?.includes(last) === true);
    return listed(capitalised(child.label), child.item, verb);
  }
  if (parent === 'required') {
    const child = childField(subject, value);
    if (action === 'add' && site.schemaBefore?.properties?.[String(value)] === undefined) return newField(child, true);
    const state =
      subject.side === 'request'
        ? action === 'remove'
          ? 'no longer required'
          : 'now required'
        : action === 'remove'
          ? 'no longer always present'
          : 'now always present';
    return listed(capitalised(child.label), child.item, state);
  }
  if (parent === 'enum') return listed(`${Name}: value`, String(value), verb);
  if (subject.tail.length === 1 && typeof last === 'string' && BOUNDS[last]) {
    const limit = action === 'replace' ? `now ${BOUNDS[last](after)} (was ${BOUNDS[last](before)})` : BOUNDS[last](value);
    return words(
      action === 'remove' ? `${Name}: no longer ${limit}` : `${Name}: ${limit}`,
      `Bounds ${action === 'add' ? 'added to' : action === 'remove' ? 'removed from' : 'changed on'}`,
      {
        field: named(subject),
        as: subject.side === 'request' ? 'request values' : 'response values',
      },
    );
  }
  if (subject.tail.length === 1 && last === 'deprecated') return words(deprecation(Name, after === true, site.holderAfter));
  if (subject.tail.length === 1 && (last === SUNSET_EXTENSION || last === REPLACED_BY_EXTENSION)) {
    // Told in the deprecation's words.
    if (site.holderAfter?.deprecated === true) return words(deprecation(Name, true, site.holderAfter));
    return words(last === SUNSET_EXTENSION ? `${Name}: sunset ${action === 'remove' ? 'removed' : String(after)}` : `${Name}: replacement ${verb}`);
  }
  if (subject.tail.length === 1 && last === 'type')
    return words(`${Name}: type ${action === 'replace' ? `changed from ${code(before)} to ${code(after)}` : verb}`);
  if (subject.tail.length === 1 && last === 'nullable') {
    const state = value === true && action !== 'remove' ? 'may be null' : 'no longer null';
    return subject.item === undefined ? words(`${Name} ${state}`) : listed(capitalised(subject.label), subject.item, state);
  }
  if (subject.tail.length === 1 && last === 'default') return words(action === 'remove' ? `${Name}: default removed` : `${Name}: default now ${code(after)}`);
  const key = typeof last === 'number' ? String(parent) : String(last);
  const detail = action === 'replace' ? ` from ${code(before)} to ${code(after)}` : value !== null && typeof value !== 'object' ? ` (${code(value)})` : '';
  return words(`${Name}: \`${key}\` ${verb}${detail}`);
}

/** "Response field `x` deprecated (sunset 2027-06-30): use …". */
function deprecation(name: string, deprecated: boolean, holder: OpenApiNode | undefined): string {
  if (!deprecated) return `${name} no longer deprecated`;
  const sunset = holder?.[SUNSET_EXTENSION] as string | undefined;
  const replacedBy = holder?.[REPLACED_BY_EXTENSION] as string | undefined;
  return `${name} deprecated${sunset ? ` (sunset ${sunset})` : ''}${replacedBy ? `: use ${replacedBy}` : ''}`;
}
