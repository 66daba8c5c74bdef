/**
 * The CSP allows inline scripts by hashes taken from the build, so any other
 * <script> reaching a page would run unnoticed: every inline script must be one of
 * these, exactly as written, or the build fails naming the page.
 */
import path from 'node:path';
import {getHtmlMinifier} from '@docusaurus/bundler';
import type {HtmlTags, Plugin, Props} from '@docusaurus/types';
import {builtPages, inlineScripts} from '../../../lib/deploy/inline-scripts';
import {AFTER_FIRST_PAINT_SCRIPT} from '../../../lib/ssr-template';

interface PortalInlineScript {
  name: string;
  writtenBy: string;
  /** None when the site does not use it. */
  sources(props: Props): string[];
}

const PORTAL_INLINE_SCRIPTS: PortalInlineScript[] = [
  {
    name: 'colour mode',
    writtenBy: 'docusaurus-theme-classic',
    sources: (props) => pluginScripts(props, 'docusaurus-theme-classic'),
  },
  {name: 'announcement reset', writtenBy: 'src/plugins/announcement-reset', sources: (props) => pluginScripts(props, 'announcement-reset')},
  {name: 'scripts after first paint', writtenBy: 'lib/ssr-template.ts', sources: () => [AFTER_FIRST_PAINT_SCRIPT]},
  {
    name: 'search keys before hydration',
    writtenBy: 'src/plugins/search-keys-before-hydration',
    sources: (props) => pluginScripts(props, 'search-keys-before-hydration'),
  },
];

function pluginScripts({plugins}: Props, name: string): string[] {
  const plugin = plugins.find((candidate) => candidate.name === name);
  const tags = plugin?.injectHtmlTags?.({content: plugin.content}) ?? {};
  return [tags.headTags, tags.preBodyTags, tags.postBodyTags].flatMap((group: HtmlTags | undefined) =>
    [group ?? []].flat().flatMap((tag) => {
      if (typeof tag === 'string') return inlineScripts(tag);
      return tag.tagName === 'script' && !tag.attributes?.src && tag.innerHTML ? [tag.innerHTML] : [];
    }),
  );
}

/** The listed scripts as pages carry them: minified with the pages' own minifier. */
async function expectedScripts(props: Props): Promise<Set<string>> {
  const minifier = await getHtmlMinifier({type: props.siteConfig.future.faster.swcHtmlMinimizer ? 'swc' : 'terser'});
  const expected = new Set<string>();
  for (const source of PORTAL_INLINE_SCRIPTS.flatMap((script) => script.sources(props))) {
    const {code} = await minifier.minify(`<script>${source}</script>`);
    for (const text of inlineScripts(code)) expected.add(text);
  }
  return expected;
}

function unexpectedInlineScripts(outDir: string, expected: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const {file, html} of builtPages(outDir)) {
    for (const text of inlineScripts(html)) {
      if (!expected.has(text))
        problems.push(`${path.join(path.basename(outDir), file)}: <script>${text.length > 120 ? `${text.slice(0, 120)}…` : text}</script>`);
    }
  }
  return problems;
}

export default function inlineScriptsPlugin(): Plugin {
  return {
    name: 'inline-scripts',
    async postBuild(props) {
      const problems = unexpectedInlineScripts(props.outDir, await expectedScripts(props));
      if (problems.length > 0) {
        const names = PORTAL_INLINE_SCRIPTS.map((script) => `${script.name} (${script.writtenBy})`).join(', ');
        const shown = problems.slice(0, 20).concat(problems.length > 20 ? [`… and ${problems.length - 20} more`] : []);
        throw new Error(
          `Inline scripts the portal does not write, which the CSP would allow by hash (it writes: ${names}; src/plugins/inline-scripts):\n  ${shown.join('\n  ')}`,
        );
      }
    },
  };
}
