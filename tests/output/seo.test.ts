/** What search engines and link previews read, on every page of the build. */
import {describe, expect, it} from 'vitest';
import {load} from 'cheerio';
import {portalConfig} from '../../portal.config';
import {robotsTxt} from '../../src/plugins/robots-txt';
import {builtPages, readBuildFile} from './site-files';

const pages = [...builtPages()].map(([route, html]) => ({route, $: load(html)}));
const {siteUrl} = portalConfig;
const indexedPages = pages.filter((page) => page.route !== '/404');

describe('every page', () => {
  // The not-found page has a title but no description: it is served with status 404, which no index keeps.
  it('has a title and a description of its own', () => {
    for (const key of ['title', 'meta[name=description]'] as const) {
      const seen = new Map<string, string>();
      for (const {route, $} of key === 'title' ? pages : indexedPages) {
        const value = key === 'title' ? $('title').text() : $(key).attr('content');
        expect(value, `${route}: ${key}`).toBeTruthy();
        expect(seen.get(value!), `${route} repeats the ${key} of ${seen.get(value!)}`).toBeUndefined();
        seen.set(value!, route);
      }
    }
  });

  it('has a canonical URL on the site URL, Open Graph and Twitter card tags and the social image', () => {
    for (const {route, $} of indexedPages) {
      const canonical = route === '/' ? `${siteUrl}/` : `${siteUrl}${route}`;
      expect($('link[rel=canonical]').attr('href'), route).toBe(canonical);
      expect($('meta[property="og:url"]').attr('content'), route).toBe(canonical);
      expect($('meta[property="og:title"]').attr('content'), route).toBe($('title').text());
      expect($('meta[property="og:description"]').attr('content'), route).toBe($('meta[name=description]').attr('content'));
      expect($('meta[name="twitter:card"]').attr('content'), route).toBe('summary_large_image');
      for (const image of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
        expect($(image).attr('content'), `${route}: ${image}`).toBe(`${siteUrl}/img/social-card.png`);
      }
    }
  });

  it('has one h1 and headings that never skip a level', () => {
    for (const {route, $} of pages) {
      const levels = $('h1, h2, h3, h4, h5, h6')
        .toArray()
        .map((heading) => Number(heading.tagName[1]));
      expect(
        levels.filter((level) => level === 1),
        route,
      ).toHaveLength(1);
      levels.forEach((level, index) => index > 0 && expect(level, `${route}: h${levels[index - 1]} then h${level}`).toBeLessThanOrEqual(levels[index - 1] + 1));
    }
  });
});

it('robots.txt allows every page and names the sitemap on the site URL', () => {
  expect(readBuildFile('robots.txt')).toBe(robotsTxt(siteUrl, portalConfig.baseUrl));
  expect(readBuildFile('robots.txt')).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
});
