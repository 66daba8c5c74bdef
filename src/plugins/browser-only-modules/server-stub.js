// Evaluated only if the server renders what loads a browser-only module (./index.ts): fail rather than render the page without it.
throw new Error('A module pages load in the browser only was loaded by the server: see src/plugins/browser-only-modules.');
