/**
 * The site configuration module without the settings named in the options
 * (see index.ts). Docusaurus writes it as `export default {…JSON…};`: any other
 * shape stops the build, so a changed generator is noticed.
 */
const SHAPE = /^(?<head>[\s\S]*?)export default (?<config>\{[\s\S]*\});\s*$/;

module.exports = function dropBuildOnlySettings(source) {
  const match = SHAPE.exec(source);
  if (!match)
    throw new Error(`browser-generated-modules: ${this.resourcePath} is no longer \`export default {…};\`; see src/plugins/browser-generated-modules.`);
  const config = JSON.parse(match.groups.config);
  for (const key of this.getOptions().drop) delete config[key];
  return `export default ${JSON.stringify(config)};\n`;
};
