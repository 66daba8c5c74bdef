import path from 'node:path';
import type {DocMetadata, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {twinPath} from '../../src/shared/twin-paths';
import type {Card, PageContext} from './components';

type SidebarItem = LoadedVersion['sidebars'][string][number];
type SidebarCategory = Extract<SidebarItem, {type: 'category'}>;

export interface SitePage {
  id: string;
  title: string;
  description: string;
  /** Site path of the page, base URL included. */
  permalink: string;
  source: string;
  /** Site path of the twin, base URL included. */
  twinPath: string;
  twinUrl: string;
}

export interface Section {
  title: string;
  pages: SitePage[];
}

export interface SiteOptions {
  siteDir: string;
  siteUrl: string;
  baseUrl: string;
  describe?: (page: SitePage) => string | undefined;
}

export const isOperationPage = (page: SitePage) => page.source.endsWith('.api.mdx');
export const isTagPage = (page: SitePage) => page.source.endsWith('.tag.mdx');

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export class SitePages {
  readonly pages: SitePage[];
  private readonly byId = new Map<string, SitePage>();
  private readonly bySource = new Map<string, SitePage>();
  private readonly byPermalink = new Map<string, SitePage>();

  constructor(
    private readonly version: LoadedVersion,
    private readonly options: SiteOptions,
  ) {
    this.pages = version.docs.map((doc: DocMetadata) => {
      const twin = twinPath(doc.permalink, options.baseUrl);
      return {
        id: doc.id,
        title: doc.title,
        description: doc.description,
        permalink: doc.permalink,
        source: path.join(options.siteDir, doc.source.replace(/^@site\//, '')),
        twinPath: twin,
        twinUrl: `${options.siteUrl}${twin}`,
      };
    });
    for (const page of this.pages) {
      page.description = options.describe?.(page) ?? page.description;
      this.byId.set(page.id, page);
      this.bySource.set(page.source, page);
      this.byPermalink.set(page.permalink, page);
    }
  }

  page(id: string): SitePage {
    const found = this.byId.get(id);
    if (!found) throw new Error(`The sidebar names a page "${id}" that the docs do not have`);
    return found;
  }

  /** As the site resolves it: a source file or site path of a page becomes its twin's URL, other site paths absolute URLs. */
  url(href: string, from: SitePage): string {
    if (href.startsWith('pathname://')) return `${this.options.siteUrl}${href.slice('pathname://'.length)}`;
    if (SCHEME.test(href) || href.startsWith('#')) return href;
    const [target, hash = ''] = href.split(/(?=#)/);
    if (/\.mdx?$/.test(target)) {
      const file = target.startsWith('/') ? path.join(this.version.contentPath, target) : path.resolve(path.dirname(from.source), target);
      const page = this.bySource.get(file);
      return page ? `${page.twinUrl}${hash}` : href;
    }
    if (!target.startsWith('/')) return href;
    const sitePath = `${this.options.baseUrl}${target.slice(1)}`;
    const page = this.byPermalink.get(sitePath.replace(/\/$/, '')) ?? this.byPermalink.get(sitePath);
    return page ? `${page.twinUrl}${hash}` : `${this.options.siteUrl}${sitePath}${hash}`;
  }

  private card(item: SidebarItem): Card[] {
    if (item.type === 'doc' || item.type === 'ref') {
      const page = this.page(item.id);
      return [{title: item.label ?? page.title, url: page.twinUrl, description: page.description}];
    }
    if (item.type === 'link') return [{title: item.label, url: this.url(item.href, this.pages[0]), description: item.description}];
    if (item.type === 'category' && item.link?.type === 'doc') {
      const page = this.page(item.link.id);
      return [{title: item.label, url: page.twinUrl, description: item.description ?? page.description}];
    }
    return [];
  }

  private categories(): SidebarCategory[] {
    const all: SidebarCategory[] = [];
    const walk = (items: SidebarItem[]) =>
      items.forEach((item) => {
        if (item.type !== 'category') return;
        all.push(item);
        walk(item.items);
      });
    Object.values(this.version.sidebars).forEach(walk);
    return all;
  }

  cards(page: SitePage, label?: string): Card[] {
    const category = this.categories().find((item) => item.link?.type === 'doc' && item.link.id === page.id);
    if (!category) throw new Error(`${path.relative(this.options.siteDir, page.source)}: lists its sidebar category's pages, but it is no category's page`);
    const group = label === undefined ? category : category.items.find((item): item is SidebarCategory => item.type === 'category' && item.label === label);
    if (!group) throw new Error(`${path.relative(this.options.siteDir, page.source)}: its sidebar category has no group "${label}"`);
    return group.items.flatMap((item) => this.card(item));
  }

  context(page: SitePage): PageContext {
    return {file: path.relative(this.options.siteDir, page.source), url: (href) => this.url(href, page), cards: (label) => this.cards(page, label)};
  }

  /** One per top-level category (top-level pages first, as "Overview"), and one per tag of the API reference. */
  sections(): Section[] {
    const overview: Section = {title: 'Overview', pages: []};
    const sections = [overview];
    const walk = (items: SidebarItem[], section: Section, trail: string[]) => {
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') section.pages.push(this.page(item.id));
        if (item.type !== 'category') continue;
        const link = item.link?.type === 'doc' ? this.page(item.link.id) : undefined;
        const tag = link !== undefined && isTagPage(link);
        let target = section;
        if (trail.length === 0 || tag) {
          target = {title: tag ? `${trail[0]} reference: ${item.label}` : item.label, pages: []};
          sections.push(target);
        }
        if (link) target.pages.push(link);
        walk(item.items, target, [...trail, item.label]);
      }
    };
    Object.values(this.version.sidebars).forEach((sidebar) => walk(sidebar, overview, []));
    return sections.filter((section) => section.pages.length > 0);
  }
}
