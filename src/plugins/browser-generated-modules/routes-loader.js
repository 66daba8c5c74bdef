/**
 * The route table with each route's component created when a page first uses
 * it (see lazy-component-creator.tsx). Docusaurus's routes module imports
 * ComponentCreator once, on its second line: a module without that import
 * stops the build, so a changed generator is noticed.
 */
const IMPORT = "import ComponentCreator from '@docusaurus/ComponentCreator';\n";

module.exports = function createRouteComponentsLazily(source) {
  if (source.split(IMPORT).length !== 2) {
    throw new Error(
      `browser-generated-modules: ${this.resourcePath} does not import ComponentCreator once as Docusaurus 3.10 writes it; see src/plugins/browser-generated-modules.`,
    );
  }
  return source.replace(IMPORT, `import ComponentCreator from ${JSON.stringify(this.getOptions().creator)};\n`);
};
