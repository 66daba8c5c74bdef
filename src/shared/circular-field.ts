/**
 * What a reference page says of a field that repeats an enclosing object (a
 * recursive schema): its page (src/components/reference/Fields.tsx) and its
 * Markdown twin (lib/reference/operation-page.ts) say the same.
 */
export function circularFieldNote(type: string): string {
  return type.startsWith('array')
    ? 'Each item has the same shape as the enclosing object, described above.'
    : 'Same shape as the enclosing object, described above.';
}
