/**
 * The layers of the portal and the one direction they import in:
 *
 *   sources (contract/, cli/, docs/, portal.config.ts)
 *     → lib/ (the Node-only build library) and src/shared/ (what the browser and the build both run)
 *     → src/plugins/, docusaurus.config.ts, sidebars.ts (Docusaurus adapters over lib/)
 *     → the site: the rest of src/, bundled for the browser
 *     → tests/ and bench/
 *
 * scripts/ holds entry points over lib/, which nothing imports. `npm run check:layers` runs these
 * rules, and so does the unit test tests/unit/layers.test.ts.
 */
const path = require('node:path');

/** Browser code: src/ except the Node side of the Docusaurus plugins (their index.ts); their client modules are browser code. */
const BROWSER = '^src/(?!plugins/[^/]+/index\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-importing-entry-points',
      comment:
        'scripts/ holds entry points only: importing one runs its work. What two of them share belongs in lib/, which they, the plugins, the tests and the benchmarks import.',
      severity: 'error',
      from: {},
      to: {path: '^scripts/'},
    },
    {
      name: 'lib-stays-below-the-site',
      comment:
        'lib/ is the build library the site, the plugins, the tests and the benchmarks stand on; it may use src/shared/ and the sources (portal.config.ts), never what stands on it, or the layers would loop.',
      severity: 'error',
      from: {path: '^lib/'},
      to: {path: '^(src/(?!shared/)|tests/|bench/|docusaurus\\.config\\.ts$|sidebars\\.ts$|playwright\\.config\\.ts$)'},
    },
    {
      name: 'shared-code-stands-alone',
      comment:
        'src/shared/ runs in the browser bundle and in the build alike, so it may import only itself and npm packages; types of the sources (portal.config.ts) are fine, they vanish when compiled.',
      severity: 'error',
      from: {path: '^src/shared/'},
      to: {pathNot: '^(src/shared/|node_modules/)', dependencyTypesNot: ['core', 'type-only']},
    },
    {
      name: 'no-node-built-ins-in-browser-code',
      comment:
        "Browser code (src/ but the plugins' Node side) is bundled for readers' browsers, where Node's built-in modules do not exist; what needs them belongs in lib/.",
      severity: 'error',
      from: {path: BROWSER},
      to: {dependencyTypes: ['core']},
    },
    {
      name: 'browser-code-does-not-import-lib',
      comment:
        'lib/ is Node-only (files, child processes, the contract compiler): browser code that imports it would break the bundle or ship build code to readers. Share through src/shared/ instead.',
      severity: 'error',
      from: {path: BROWSER},
      to: {path: '^lib/'},
    },
    {
      name: 'plugins-do-not-import-the-site',
      comment:
        "The plugins' Node side adapts Docusaurus' lifecycle to lib/; the site's components run in the browser on top of it (a plugin names its client module by path, never by import).",
      severity: 'error',
      from: {path: '^src/plugins/[^/]+/index\\.ts$'},
      to: {path: '^src/(?!shared/)'},
    },
    {
      name: 'only-tests-import-tests',
      comment:
        'tests/ and bench/ are the top layer: they import everything below them, and nothing below imports them (the Playwright configuration belongs to the tests).',
      severity: 'error',
      from: {pathNot: '^(tests/|bench/|playwright\\.config\\.ts$)'},
      to: {path: '^(tests|bench)/'},
    },
    {
      name: 'no-circular',
      comment: 'A module that depends on itself through others has no place in a layered order, and its load order decides what it sees.',
      severity: 'error',
      from: {},
      to: {circular: true},
    },
  ],
  options: {
    doNotFollow: {path: '^node_modules/'},
    // Generated and fixture files are not the project's code (the layer test cruises its own fixture tree).
    exclude: {path: '^(node_modules|build|generated|docs|\\.docusaurus|tests/fixtures)/'},
    // Type-only imports count: they tie a module to another layer's shapes.
    tsPreCompilationDeps: true,
    // Absolute, so the layer test can cruise a fixture tree with these rules; it resolves @site/ as Docusaurus does.
    tsConfig: {fileName: path.join(__dirname, 'tsconfig.json')},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
