// Stands in the server bundle for the modules pages load in the browser only (./index.ts). Evaluated only if
// the server renders what loads one, which would render the page without it: fail instead.
throw new Error('A module pages load in the browser only was loaded by the server: see src/plugins/browser-only-modules.');
