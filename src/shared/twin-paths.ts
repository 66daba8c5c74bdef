/**
 * A page's Markdown twin: `/a/b.md` for `/a/b`, `/index.md` for `/`. The build,
 * "Copy page" and "View as Markdown" all go through this function; nginx
 * (deploy/nginx/portal.conf.template) applies the same rule.
 */

/** `pagePath` includes the base URL, as routes and permalinks do. */
export function twinPath(pagePath: string, baseUrl = '/'): string {
  const path = pagePath.replace(/[?#].*$/, '');
  if (path === baseUrl || `${path}/` === baseUrl) return `${baseUrl}index.md`;
  return `${path.replace(/\/+$/, '')}.md`;
}
