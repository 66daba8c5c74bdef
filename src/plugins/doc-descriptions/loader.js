/**
 * Empties the docs of a version's metadata module: pages read only the sidebars,
 * and the portal's card lists take descriptions from their own module. See
 * index.ts.
 */
module.exports = function emptyVersionDocs(source) {
  const data = JSON.parse(source);
  if (!data.version || !data.version.docs || !data.version.docsSidebars) return source;
  data.version.docs = {};
  return JSON.stringify(data);
};
