/**
 * What a command's table shows, as the CLI description says it (a command's
 * `table`): for a list, columns with a header each; for one object, lines
 * with a label each. A cell is a template of the object's fields, such as
 * `{team|name-id}` or `CWE-{cwe_id}, OWASP {owasp_category}`: each
 * placeholder a field path, dot-separated, and maybe a formatter. A value
 * may take several lines (an evidence's request and response), continued
 * under the value column.
 */

type Json = Record<string, unknown>;

export interface TableColumn {
  header: string;
  value: string;
}

export interface TableField {
  label: string;
  value: string;
  /** A field path: the line is shown only when the object has this field (`check`, which only --check adds). */
  when?: string;
  /** A list field shown under the line, one indented line per item, its columns templates of the item. */
  each?: {field: string; columns: string[]};
  /**
   * A list field shown one item per line in the value column, `value` a template of the item: the first item
   * beside the label, the next ones under it, or, `numbered`, each beside the label and its number (`Evidence 2`).
   */
  items?: {field: string; numbered?: boolean};
}

export interface TableLayout {
  columns?: TableColumn[];
  fields?: TableField[];
}

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

const scalar = (value: unknown): string => (value === null || value === undefined || value === '' ? '-' : String(value));

/** The part of an exchange an evidence marker points into (the contract's `EvidencePart`), by the field path of the evidence that holds it. */
const markedParts: Record<string, string> = {
  'request.url': 'request_url',
  'request.body': 'request_body',
  'response.status_code': 'response_status',
  'response.body': 'response_body',
};

/** The named ways to write a value, each for what the examples show; `object` is the object the template is filled from, `field` the placeholder's path. */
export const tableFormatters: Record<string, (value: unknown, object: unknown, field: string) => string> = {
  /** An object by its name and id: `Payments (8b1f…)`. */
  'name-id': (value) => (isObject(value) ? `${scalar(value.name)} (${scalar(value.id)})` : scalar(value)),
  /** A list of scalars or named objects, joined: `pci, production`. */
  list: (value) => (Array.isArray(value) && value.length ? value.map((item) => (isObject(item) ? scalar(item.name) : scalar(item))).join(', ') : '-'),
  /** A number as a percentage: `45%`. */
  percent: (value) => (typeof value === 'number' ? `${value}%` : scalar(value)),
  /** An object of counts, each as `name count`: `critical 1, high 0`. */
  counts: (value) =>
    isObject(value)
      ? Object.entries(value)
          .map(([name, count]) => `${name} ${scalar(count)}`)
          .join(', ')
      : scalar(value),
  /** The number of items of a list. */
  count: (value) => (Array.isArray(value) ? String(value.length) : scalar(value)),
  /** A number of seconds as hours, minutes and seconds: `1h46m18s`. */
  duration: (value) => {
    if (typeof value !== 'number') return scalar(value);
    const [hours, minutes, seconds] = [Math.floor(value / 3600), Math.floor((value % 3600) / 60), value % 60];
    return `${hours ? `${hours}h` : ''}${hours || minutes ? `${minutes}m` : ''}${seconds}s`;
  },
  /** A scan's coverage flag: `complete` or `incomplete`. */
  complete: (value) => (value === true ? 'complete' : value === false ? 'incomplete' : '-'),
  /** The outcome of a check: `succeeded` or `failed`. */
  succeeded: (value) => (value === true ? 'succeeded' : value === false ? 'failed' : '-'),
  /** A reduced scope by its name and id, or `whole target` without one. */
  scope: (value) => (isObject(value) ? `${scalar(value.name)} (${scalar(value.id)})` : 'whole target'),
  /** Where a finding's severity comes from: `CVSS 9.8` for the CVSS score, else the source as written (`manual`). */
  'severity-source': (value, object) => (value === 'cvss' ? `CVSS ${scalar(fieldAt(object, 'cvss_score'))}` : scalar(value)),
  /** A part of an evidence exchange with the text its markers point at between `>>>` and `<<<`: `?sort=created_at>>>%27<<<`. */
  marked: (value, object, field) => {
    const markers = fieldAt(object, 'markers');
    if (value === null || value === undefined || value === '' || !Array.isArray(markers)) return scalar(value);
    const part = markedParts[field];
    // From the last marker to the first, so that each offset still counts in the text as the API wrote it.
    return markers
      .filter((marker): marker is {offset: number; length: number} => isObject(marker) && marker.part === part && typeof marker.offset === 'number')
      .sort((a, b) => b.offset - a.offset)
      .reduce((text, {offset, length}) => `${text.slice(0, offset)}>>>${text.slice(offset, offset + length)}<<<${text.slice(offset + length)}`, String(value));
  },
};

const placeholder = /\{([^{}|]*)(?:\|([^{}]*))?\}/g;

/** What is wrong with a template: a placeholder without a field, an unknown formatter, a stray brace. */
export function templateProblems(template: string): string[] {
  const problems: string[] = [];
  for (const [, field, formatter] of template.matchAll(placeholder)) {
    if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/.test(field)) problems.push(`"{${field}}" names no field path (such as team.name)`);
    if (formatter !== undefined && !(formatter in tableFormatters)) {
      problems.push(`"${formatter}" is no formatter (${Object.keys(tableFormatters).join(', ')})`);
    }
  }
  if (/[{}]/.test(template.replace(placeholder, ''))) problems.push(`"${template}" has a brace that opens or closes no placeholder`);
  return problems;
}

/** The value at a dot-separated path of an object. */
export function fieldAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (isObject(current) ? current[key] : undefined), value);
}

/** A template filled from an object: a missing or empty field is `-`. */
export function fillTemplate(template: string, object: unknown): string {
  return template.replace(placeholder, (_, field: string, formatter?: string) => {
    const value = fieldAt(object, field);
    return formatter ? tableFormatters[formatter](value, object, field) : scalar(isObject(value) || Array.isArray(value) ? JSON.stringify(value) : value);
  });
}
