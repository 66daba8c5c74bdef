/**
 * An Accept header naming text/markdown with a quality above zero gets the twin;
 * wildcards name no type in particular. nginx's map uses this pattern
 * case-insensitively (PCRE); a quoted parameter holding a comma is not expected.
 */
export const MARKDOWN_ACCEPT_PATTERN = [
  String.raw`(^|,)\s*text/markdown\s*`,
  String.raw`(?=[;,]|$)`,
  // qvalue = "0" [ "." 0*3DIGIT ] (RFC 9110).
  String.raw`(?![^,]*;\s*q\s*=\s*0(\.0{0,3})?\s*(;|,|$))`,
].join('');

const MARKDOWN_ACCEPT = new RegExp(MARKDOWN_ACCEPT_PATTERN, 'i');

export const wantsMarkdown = (accept: string | undefined): boolean => MARKDOWN_ACCEPT.test(accept ?? '');
