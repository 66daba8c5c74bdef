/**
 * Where each page's Markdown twin lives: the twin of `/a/b` is `/a/b.md`, the
 * twin of the home page `/` is `/index.md`, under the portal's base URL. The
 * build writes twins there, the page's "Copy page" and "View as Markdown" read
 * them, and the production server answers `Accept: text/markdown` with them:
 * all three use these functions.
 */

/** Media type a client asks for, and the twins are served as. */
export const TWIN_MEDIA_TYPE = 'text/markdown';

/** Site path of a page's twin; `pagePath` includes the base URL, as routes and permalinks do. */
export function twinPath(pagePath: string, baseUrl = '/'): string {
  const path = pagePath.replace(/[?#].*$/, '');
  if (path === baseUrl || `${path}/` === baseUrl) return `${baseUrl}index.md`;
  return `${path.replace(/\/+$/, '')}.md`;
}

/** The page a twin path belongs to, the inverse of `twinPath`; undefined for a path that is no twin. */
export function pagePathOfTwin(path: string, baseUrl = '/'): string | undefined {
  if (!path.endsWith('.md') || !path.startsWith(baseUrl)) return undefined;
  if (path === `${baseUrl}index.md`) return baseUrl;
  return path.slice(0, -'.md'.length);
}
