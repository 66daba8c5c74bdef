import {defineConfig} from 'vitest/config';

// The test phases, each needing only its own inputs, in the order `npm test` runs them (the browser phase is Playwright's).
export default defineConfig({
  test: {
    projects: [
      // Pure functions, configuration, the generators on their fixtures and the layer rules: no contract, no build.
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      // What needs the compiled contract only (`npm run test:contract` compiles it first): seconds, not a build.
      {test: {name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node'}},
      // Checks of the production output in build/ and of the build rules (`npm run test:output` builds when needed).
      {test: {name: 'output', include: ['tests/output/**/*.test.ts'], environment: 'node'}},
    ],
  },
});
