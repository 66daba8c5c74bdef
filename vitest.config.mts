import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Pure functions and configuration: no build needed.
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      // What needs the compiled contract only.
      {test: {name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node'}},
      // Checks of the production output in build/ and of the build rules (run after `scripts/ensure-build.ts`).
      {test: {name: 'output', include: ['tests/output/**/*.test.ts'], environment: 'node'}},
    ],
  },
});
