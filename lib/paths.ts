/**
 * Where the build reads and writes: the sources whose content decides the
 * build, every file a build step generates, and the names of what the build
 * writes into build/. Every other module takes these paths from here.
 */
import path from 'node:path';

/** The repository root and the build output, wherever a script is run from. */
export const repoRoot = path.resolve(__dirname, '..');
export const buildDir = path.join(repoRoot, 'build');

/** Sources whose content decides the build output (build-when-needed hashes them, minus the generated pages in docs/). */
export const buildInputs = [
  'contract',
  'cli',
  'docs',
  'lib',
  'src',
  'static',
  'scripts',
  'docusaurus.config.ts',
  'sidebars.ts',
  'portal.config.ts',
  'package-lock.json',
].map((entry) => path.join(repoRoot, entry));

/** Everything the build steps generate, never committed, under one root. */
export const generatedDir = path.join(repoRoot, 'generated');
/** Generated files the site serves as they are, beside static/ (docusaurus.config.ts's staticDirectories). */
export const generatedStaticDir = path.join(generatedDir, 'static');

/** The compiled contract (`npm run contract`), served at /openapi.yaml and /openapi.json, and the try-it panel's token bridge. */
export const contractOutput = {
  yaml: path.join(generatedStaticDir, 'openapi.yaml'),
  json: path.join(generatedStaticDir, 'openapi.json'),
  tokenScript: path.join(generatedStaticDir, 'js/setJWTTokenValue.js'),
};

/**
 * The released contracts: each release's OpenAPI document and the index of
 * releases (version, date, summary). History, not build output: committed.
 */
export const releasesDir = path.join(repoRoot, 'contract/releases');
export const releasesIndexFile = path.join(releasesDir, 'index.json');

/** Site path of the operations' try-it data, and the folder it is generated into by the reference step. */
export const TRY_IT_DATA_PATH = '/api/reference';
export const tryItDataDir = path.join(generatedStaticDir, TRY_IT_DATA_PATH);
/** The operation's data the try-it panel fetches, which its Markdown twin is also written from. */
export const tryItDataFile = (id: string, dir = tryItDataDir): string => path.join(dir, `${id}.tryit.json`);

/**
 * The generated reference pages and their sidebars (`npm run reference`).
 * They cannot live under generated/: the docs plugin reads one folder, docs/,
 * and a page elsewhere would need a second docs plugin (other routes, a
 * sidebar of its own) or a symlink, which the bundler resolves to its real
 * path outside docs/, where the MDX loader does not apply. So they are
 * written into docs/, and only here are they named.
 */
export const apiReferenceDir = path.join(repoRoot, 'docs/api/reference');
export const cliReferenceDir = path.join(repoRoot, 'docs/cli/reference');
/** The webhook events page (lib/reference/webhook-events.ts): its file's name in apiReferenceDir, and its document id. */
export const WEBHOOK_EVENTS_PAGE = 'webhook-events';
export const WEBHOOK_EVENTS_ID = `api/reference/${WEBHOOK_EVENTS_PAGE}`;
/** The API changelog, generated from the releases by the reference step (a page, so in docs/ too), and its Atom feed. */
export const apiChangelogPage = path.join(repoRoot, 'docs/api/changelog.md');
export const API_CHANGELOG_FEED_PATH = '/api/changelog.atom';
export const apiChangelogFeed = path.join(generatedStaticDir, API_CHANGELOG_FEED_PATH);
/** Site folder of each release's complete list of changes (generated under generated/static/), which the changelog page links where it tells a change made across many operations in one line. */
export const API_CHANGELOG_CHANGES_PATH = '/api/releases';
/** Each operation's first release and last changing release, from the reference step, for its page and twin. */
export const operationReleasesFile = path.join(generatedDir, 'reference/operation-releases.json');
/** The built site as the step after Docusaurus's build reads it (lib/build/built-site.ts). */
export const builtSiteFile = path.join(generatedDir, 'built-site.json');
/** Written by the API reference step, grouped by tag. */
export const apiReferenceSidebar = path.join(apiReferenceDir, 'sidebar.json');
/** Written by the CLI reference step, its groups in the description's order. */
export const cliReferenceSidebar = path.join(cliReferenceDir, 'sidebar.json');

/** Where the command-line client's npm package is put together before it is packed under generated/static/ (lib/cli-client/package.ts). */
export const cliPackageStageDir = path.join(generatedDir, 'cli-package');

/** What `npm run clean` removes: every generated path (Docusaurus' own build/ and .docusaurus/ go with `docusaurus clear`). */
export const generatedPaths = [generatedDir, apiReferenceDir, cliReferenceDir, apiChangelogPage];

/** What the build writes into build/ besides the pages, relative to it. */
export const SEARCH_RECORDS_FILE = 'search/records.json';
export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';
/** The Postman collection, beside the OpenAPI files. */
export const POSTMAN_FILE = 'postman-collection.json';
/** The hash of the inputs build/ was built from (build-when-needed). */
export const BUILD_STAMP_FILE = '.inputs-hash';
