// Written by src/plugins/doc-descriptions as the site is built.
declare module '@generated/doc-descriptions/default/descriptions.json' {
  const descriptions: Record<string, string>;
  export default descriptions;
}
