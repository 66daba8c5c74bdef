/**
 * The route registry without its module paths (see index.ts). Docusaurus
 * writes `export default {`, then one entry a line, `"chunk": [() => import(…
 * "path"), "path", require.resolveWeak("path")],`, then `};`; the path in the
 * middle becomes "". Any other shape stops the build, naming the line, so a
 * changed generator is noticed.
 */
const SHAPE = /^export default \{\n(?<body>[\s\S]*)\};\s*$/;
const ENTRY =
  /^(?<head> {2}"[^"]+": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "(?<path>[^"]+)"\), )"\k<path>"(?<tail>, require\.resolveWeak\("\k<path>"\)\],)$/;

module.exports = function dropModulePaths(source) {
  const fail = (line) => {
    throw new Error(
      `browser-generated-modules: ${this.resourcePath}:${line} is not the route registry as Docusaurus 3.10 writes it; see src/plugins/browser-generated-modules.`,
    );
  };
  const body = SHAPE.exec(source)?.groups.body ?? fail(1);
  const entries = body.split('\n');
  const unexpected = entries.findIndex((line) => !ENTRY.test(line));
  if (unexpected >= 0) fail(unexpected + 2);
  return `export default {\n${entries.map((line) => line.replace(ENTRY, '$<head>""$<tail>')).join('\n')}};\n`;
};
