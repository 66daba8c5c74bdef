import {describe, expect, it} from 'vitest';
import {portalConfig} from '../../portal.config';
import {ROUTES, TUTORIAL_ROUTES} from '../route-table';
import {builtPages, pageText, readBuildFile} from './site-files';

const FIRST_PAGES = [...ROUTES, ...TUTORIAL_ROUTES];

const pages = builtPages();
const docPages = [...pages].filter(([route]) => route !== '/404');

describe('production build', () => {
  it('has every page of the route table and every tutorial, and a not-found page', () => {
    for (const route of FIRST_PAGES) expect(pages.has(route), route).toBe(true);
    expect(pages.get('/404')).toContain('Page Not Found');
  });

  it('replaces every brand token', () => {
    for (const [route, html] of pages) expect(html, route).not.toMatch(/\{\{\s*[A-Za-z]\w*\s*\}\}/);
    expect(pageText(pages.get('/concepts/scan-concept')!)).toContain(portalConfig.productName);
  });

  it('has no placeholder text', () => {
    for (const [route, html] of pages) {
      expect(pageText(html), route).not.toMatch(/lorem ipsum|coming soon|\bTODO\b|\bTBD\b/i);
    }
  });

  it('gives every page a unique title and description', () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [route, html] of docPages) {
      const title = /<title[^>]*>([^<]+)<\/title>/.exec(html)?.[1];
      const description = /<meta[^>]* name="?description"?[^>]* content="([^"]+)"/.exec(html)?.[1];
      expect(title, route).toBeTruthy();
      expect(description, route).toBeTruthy();
      expect(description!.length, `${route} description`).toBeGreaterThan(20);
      titles.add(title!);
      descriptions.add(description!);
    }
    expect(titles.size).toBe(docPages.length);
    expect(descriptions.size).toBe(docPages.length);
  });

  it('lists every page in the sitemap under the site URL', () => {
    const sitemap = readBuildFile('sitemap.xml');
    for (const route of FIRST_PAGES) {
      expect(sitemap).toContain(`<loc>${portalConfig.siteUrl}${route}</loc>`);
    }
  });

  it('has no blog', () => {
    expect([...pages.keys()].some((route) => route.startsWith('/blog'))).toBe(false);
  });
});
