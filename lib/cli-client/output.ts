/**
 * Prints a command's result on standard output in the chosen format:
 * `table` for people (a row per object of a list, a line per field of one
 * object), `json` and `yaml` as the API returns the objects, and with
 * --quiet the ids alone.
 */
import {stringify} from 'yaml';
import {fieldAt, fillTemplate, type TableLayout} from '../cli/table-layout';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** One cell: a named object by its name, a list of scalars or names joined, an object of scalars as `key value` pairs. */
function cell(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return '-';
  if (['string', 'number', 'boolean'].includes(typeof value)) return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((item) => (isObject(item) && typeof item.name === 'string' ? item.name : cell(item)));
    return parts.every((part) => part !== undefined && !part.includes('\n')) ? parts.join(', ') || '-' : undefined;
  }
  if (isObject(value)) {
    if (typeof value.name === 'string') return typeof value.id === 'string' ? `${value.name} (${value.id})` : value.name;
    const entries = Object.entries(value);
    if (entries.every(([, item]) => item === null || ['string', 'number', 'boolean'].includes(typeof item))) {
      return entries.map(([key, item]) => `${key} ${item ?? '-'}`).join(', ');
    }
  }
  return undefined;
}

const heading = (key: string) => key.replace(/_/g, ' ');

/** Aligned columns, two spaces apart. */
export function columns(rows: string[][]): string {
  const widths = rows[0].map((_, index) => Math.max(...rows.map((row) => row[index].length)));
  return rows.map((row) => row.map((text, index) => (index === row.length - 1 ? text : text.padEnd(widths[index]))).join('  ')).join('\n');
}

/** A table as the command's layout in the description says: a row per object under its columns, or a line per field of one object. */
function laidOut(value: unknown, layout: TableLayout): string | undefined {
  if (Array.isArray(value) && layout.columns) {
    if (value.length === 0) return '';
    return columns([layout.columns.map((column) => column.header), ...value.map((item) => layout.columns!.map((column) => fillTemplate(column.value, item)))]);
  }
  if (isObject(value) && layout.fields) {
    const shown = layout.fields.filter((field) => !field.when || fieldAt(value, field.when) !== undefined);
    // Each field's rows of label and value: one, or, for `items`, one per item of its list.
    const rows = shown.map((field) => {
      if (!field.items) return [[field.label, fillTemplate(field.value, value)]];
      const items = fieldAt(value, field.items.field);
      if (!Array.isArray(items) || !items.length) return [[field.label, '-']];
      const label = (position: number) => (field.items!.numbered ? `${field.label} ${position + 1}` : position === 0 ? field.label : '');
      return items.map((item, position) => [label(position), fillTemplate(field.value, item)]);
    });
    const widths = Math.max(...rows.flat().map(([label]) => label.length));
    return shown
      .flatMap((field, index) => {
        const items = field.each ? fieldAt(value, field.each.field) : undefined;
        const under = Array.isArray(items) && items.length ? columns(items.map((item) => field.each!.columns.map((cell) => fillTemplate(cell, item)))) : '';
        // A value of several lines goes on under the value column.
        const lines = rows[index].map(([label, text]) => `${label.padEnd(widths)}  ${text.split('\n').join(`\n${' '.repeat(widths + 2)}`)}`);
        return [...lines, ...(under ? under.split('\n').map((line) => `  ${line}`) : [])];
      })
      .join('\n');
  }
  return undefined;
}

export function table(value: unknown, layout?: TableLayout): string {
  const shown = layout && laidOut(value, layout);
  if (shown !== undefined) return shown;
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    // A column whose cells are long (hashes, nested lists) would push the rest off the screen: json shows it.
    const keys = Object.keys(value[0] as Json).filter((key) => value.every((item) => (cell((item as Json)[key])?.length ?? Infinity) <= 60));
    const rows = value.map((item) => keys.map((key) => cell((item as Json)[key])!.replace(/ \([0-9a-f-]{36}\)$/, '')));
    return columns([keys.map((key) => heading(key).toUpperCase()), ...rows]);
  }
  if (isObject(value)) {
    const rows = Object.entries(value)
      .map(([key, item]) => [key, cell(item)] as const)
      .filter((row): row is [string, string] => row[1] !== undefined)
      .map(([key, text]) => [heading(key).replace(/^./, (first) => first.toUpperCase()), text]);
    return rows.length ? columns(rows) : '';
  }
  return String(value ?? '');
}

/** The ids --quiet prints: one per object. */
export function ids(value: unknown): string[] {
  return [value]
    .flat()
    .map((item) => (isObject(item) ? item.id : undefined))
    .filter((id): id is string => typeof id === 'string');
}

export function formatResult(value: unknown, format: string, quiet: boolean, layout?: TableLayout): string {
  if (quiet) return ids(value).join('\n');
  if (format === 'json') return JSON.stringify(value, null, 2);
  if (format === 'yaml') return stringify(value).trimEnd();
  return table(value, layout);
}
