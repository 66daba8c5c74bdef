/**
 * Drops the descriptions from a docs version's metadata (the module every
 * docs page loads, `{version: {docsSidebars, docs}}`); the docs plugin's other
 * data modules pass unchanged. See index.ts.
 */
module.exports = function dropVersionDocDescriptions(source) {
  const data = JSON.parse(source);
  if (!data.version || !data.version.docs || !data.version.docsSidebars) return source;
  for (const doc of Object.values(data.version.docs)) delete doc.description;
  return JSON.stringify(data);
};
