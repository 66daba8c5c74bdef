/**
 * Empties the docs of a docs version's metadata (the module every docs page
 * loads, `{version: {docsSidebars, docs}}`): pages read the sidebars, and the
 * docs only through the theme's cards (`DocCard`, `useDocById`), for a
 * description; the portal's card lists (src/components/DocCards) give each
 * card its description from their own module, and no doc id to look up. The
 * docs plugin's other data modules pass unchanged. See index.ts.
 */
module.exports = function emptyVersionDocs(source) {
  const data = JSON.parse(source);
  if (!data.version || !data.version.docs || !data.version.docsSidebars) return source;
  data.version.docs = {};
  return JSON.stringify(data);
};
