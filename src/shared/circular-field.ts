/** What a reference page and its Markdown twin say of a field that repeats an enclosing (recursive) schema, so both say the same. */
export function circularFieldNote(type: string): string {
  return type.startsWith('array')
    ? 'Each item has the same shape as the enclosing object, described above.'
    : 'Same shape as the enclosing object, described above.';
}
