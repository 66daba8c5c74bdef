import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Pure functions and configuration: no build needed.
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      // Checks of the production build in build/ (run after `scripts/ensure-build.ts`).
      {test: {name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node'}},
    ],
  },
});
