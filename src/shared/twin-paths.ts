/**
 * Where each page's Markdown twin lives: the twin of `/a/b` is `/a/b.md`, the
 * twin of the home page `/` is `/index.md`, under the portal's base URL. The
 * build writes twins there and the page's "Copy page" and "View as Markdown"
 * read them, both through this function; nginx's configuration
 * (deploy/nginx/portal.conf.template) maps a page to its twin by the same rule.
 */

/** Site path of a page's twin; `pagePath` includes the base URL, as routes and permalinks do. */
export function twinPath(pagePath: string, baseUrl = '/'): string {
  const path = pagePath.replace(/[?#].*$/, '');
  if (path === baseUrl || `${path}/` === baseUrl) return `${baseUrl}index.md`;
  return `${path.replace(/\/+$/, '')}.md`;
}
