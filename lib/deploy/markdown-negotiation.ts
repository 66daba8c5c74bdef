/**
 * Which requests for a page get its Markdown twin: those whose Accept header
 * names text/markdown (any case, any parameters) with a quality above zero.
 * `text/markdown;q=0` (or q=0.0, q=0.000) refuses Markdown, `text/markdownx`
 * is another type, and wildcards (`text/*`, any type) name no type in
 * particular: all get HTML. nginx's map matches this pattern case-insensitively (PCRE); a quoted
 * parameter value holding a comma is not expected in an Accept header.
 */
export const MARKDOWN_ACCEPT_PATTERN = [
  // A media range of the list: at its start, or after a comma.
  String.raw`(^|,)\s*text/markdown\s*`,
  // The type ends there: parameters, the next range, or the end.
  String.raw`(?=[;,]|$)`,
  // No parameter of this range (up to the next comma) is a zero quality: qvalue = "0" [ "." 0*3DIGIT ] (RFC 9110).
  String.raw`(?![^,]*;\s*q\s*=\s*0(\.0{0,3})?\s*(;|,|$))`,
].join('');

const MARKDOWN_ACCEPT = new RegExp(MARKDOWN_ACCEPT_PATTERN, 'i');

/** Whether a request with this Accept header gets a page's twin, as nginx's map decides (case-insensitively). */
export const wantsMarkdown = (accept: string | undefined): boolean => MARKDOWN_ACCEPT.test(accept ?? '');
