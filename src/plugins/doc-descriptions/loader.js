/**
 * Reduces each doc of a docs version's metadata (the module every docs page
 * loads, `{version: {docsSidebars, docs}}`) to an empty entry: pages read the
 * sidebars, and of a doc only the theme's cards look it up (`useDocById`,
 * which needs its key) for its description, which they now take from their
 * own module. The docs plugin's other data modules pass unchanged. See index.ts.
 */
module.exports = function keepVersionDocKeys(source) {
  const data = JSON.parse(source);
  if (!data.version || !data.version.docs || !data.version.docsSidebars) return source;
  for (const id of Object.keys(data.version.docs)) data.version.docs[id] = {};
  return JSON.stringify(data);
};
