import {availableParallelism} from 'node:os';
import {defineConfig} from 'vitest/config';

// The test phases, each needing only its own inputs, in the order `npm test` runs them (the browser phase is Playwright's).
export default defineConfig({
  test: {
    // One test file per core, where Vitest's default leaves one core free: most files wait on the servers, shells and
    // CLIs they start, so a second file in flight keeps both cores of CI's machine busy.
    maxWorkers: availableParallelism(),
    projects: [
      // Pure functions, configuration, the generators on their fixtures and the layer rules: no contract, no build.
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      // What needs the compiled contract only (`npm run test:contract` compiles it first): seconds, not a build.
      // Some walk every page of docs/ against the contract: more than the default 5 s on a loaded machine.
      {test: {name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node', testTimeout: 60_000}},
      // The docs run: tutorials, samples, CLI examples and CI recipes executed against a fresh sandbox and the CLI
      // (`npm run test:docs` compiles the contract first). No build, no browser.
      {test: {name: 'docs', include: ['tests/docs/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000}},
      // Checks of the production output in build/ and of the build rules (`npm run test:output` builds when needed).
      // Checks read the whole build (hundreds of pages): a loaded machine needs more than the default 5 s.
      {test: {name: 'output', include: ['tests/output/**/*.test.ts'], environment: 'node', testTimeout: 60_000}},
    ],
  },
});
