/**
 * What the maintainers' documents name, for the test that holds them to the
 * tree: the repository paths they write, and the modules that patch a
 * dependency, each of which PATCHES.md must describe.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../lib/paths';

export interface NamedPath {
  /** Relative to the repository. */
  file: string;
  line: number;
}

const TOP_LEVEL =
  /^(?:\.ci|bench|cli|contract|deploy|docs|lib|scripts|src|static|tests)\/|^(?:[A-Z]+\.md|[\w-]+\.config\.[mc]?ts|package\.json|tsconfig\.json|redocly\.yaml|\.spectral\.yaml|\.dependency-cruiser\.cjs)$/;

/**
 * The repository paths a Markdown document names in code spans and link targets, resolved from its folder. A table's
 * columns in `skipColumns` (0-based) are left out: PATCHES.md names the patched packages' own files in one.
 */
export function namedPaths(text: string, documentDir: string, skipColumns: number[] = []): NamedPath[] {
  const found: NamedPath[] = [];
  text.split('\n').forEach((line, index) => {
    const content = line.startsWith('|')
      ? line
          .split('|')
          .filter((_, cell) => !skipColumns.includes(cell - 1))
          .join('|')
      : line;
    const candidates = [
      ...[...content.matchAll(/`([^`\s]+)`/g)].map((match) => ({name: match[1], relative: false})),
      ...[...content.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => ({name: match[1], relative: true})),
    ];
    for (const {name, relative} of candidates) {
      // Placeholders, globs, URLs and options are not paths of this tree.
      if (/[<>*{}…:$=]|^-/.test(name)) continue;
      const file = relative ? path.posix.normalize(path.posix.join(documentDir, name)) : name.replace(/\/$/, '');
      if (TOP_LEVEL.test(file)) found.push({file, line: index + 1});
    }
  });
  return found;
}

/** Markers of a plugin that changes what a dependency's module is: an alias, a stub, a loader over it. */
const PATCHING_PLUGIN = /\balias\b|loaderRules\(|ExternalsPlugin|NormalModuleReplacementPlugin/;

/** An import from a package's own build folders, past its entry. */
const NON_PUBLIC_IMPORT = /(?:from |import\(|require(?:\.resolve)?\()'((?:@[\w.-]+\/)?\w[\w.-]*\/(?:lib|dist|src|assets|build)\/[^']+)'/g;

/** Files of a package's build folders its own documentation tells users to import. */
const DOCUMENTED_FILES = new Set([
  // https://docsearch.algolia.com/docs/packages/css/bundle-exports
  '@docsearch/css/dist/modal.css',
  // Lighthouse's guide to variability (docs/variability.md) computes the median run with it.
  'lighthouse/core/lib/median-run.js',
]);

/** The repository's modules (not tests) that import an undocumented file from inside a dependency's build folders. */
function nonPublicImporters(): string[] {
  return ['lib', 'src', 'scripts', 'bench'].flatMap((dir) =>
    fs
      .readdirSync(path.join(repoRoot, dir), {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) =>
        [...fs.readFileSync(path.join(repoRoot, dir, file), 'utf8').matchAll(NON_PUBLIC_IMPORT)].some(([, specifier]) => !DOCUMENTED_FILES.has(specifier)),
      )
      .map((file) => `${dir}/${file}`),
  );
}

/**
 * The modules that patch a dependency: each module of a pinned-dependency-fixes folder but the guard they
 * share, each local plugin whose code aliases, stubs or rewrites a dependency's module, and each module that
 * imports a dependency's non-public file.
 */
export function patchingModules(): string[] {
  const fixes = ['lib/build/pinned-dependency-fixes', 'src/plugins/pinned-dependency-fixes'].flatMap((dir) =>
    fs.existsSync(path.join(repoRoot, dir))
      ? fs
          .readdirSync(path.join(repoRoot, dir))
          .filter((file) => /\.[jt]sx?$/.test(file) && !/^(?:index|pinned-fix)\./.test(file))
          .map((file) => `${dir}/${file}`)
      : [],
  );
  const pluginsDir = path.join(repoRoot, 'src/plugins');
  const plugins = fs
    .readdirSync(pluginsDir)
    .filter((plugin) => plugin !== 'pinned-dependency-fixes')
    .filter((plugin) =>
      fs.readdirSync(path.join(pluginsDir, plugin)).some((file) => PATCHING_PLUGIN.test(fs.readFileSync(path.join(pluginsDir, plugin, file), 'utf8'))),
    )
    .map((plugin) => `src/plugins/${plugin}`);
  return [...fixes, ...plugins, ...nonPublicImporters()];
}
