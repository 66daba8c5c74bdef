/**
 * The plugins' global data without the docs plugin's list of every doc (see
 * index.ts). Docusaurus writes it as one JSON object, each docs version with a
 * `docs` array: a version without one, or data that is not JSON, stops the
 * build, so a changed generator is noticed.
 */
module.exports = function dropDocsLists(source) {
  const fail = (why) => {
    throw new Error(`browser-generated-modules: ${this.resourcePath} ${why}; see src/plugins/browser-generated-modules.`);
  };
  let globalData;
  try {
    globalData = JSON.parse(source);
  } catch (error) {
    fail(`is not JSON (${error.message})`);
  }
  for (const [instance, data] of Object.entries(globalData['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of data.versions ?? fail(`has no versions for the docs plugin "${instance}"`)) {
      if (!Array.isArray(version.docs)) fail(`has no docs list in the version "${version.name}" of the docs plugin "${instance}"`);
      version.docs = [];
    }
  }
  return JSON.stringify(globalData);
};
