import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/browser/chromium';

const port = Number(process.env.TEST_PORT ?? 4173);

export default defineConfig({
  testDir: './tests/browser',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  timeout: 30_000,
  expect: {timeout: 7_000},
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {name: 'desktop', use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}},
    {
      name: 'mobile',
      use: {...devices['Desktop Chrome'], viewport: {width: 375, height: 740}, isMobile: true, hasTouch: true, deviceScaleFactor: 2},
    },
  ],
  // The production build, served like production (clean URLs, 404 status).
  webServer: {
    command: 'npx tsx scripts/serve.ts',
    env: {PORT: String(port)},
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
