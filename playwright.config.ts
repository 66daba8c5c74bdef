import os from 'node:os';
import path from 'node:path';
import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/browser/chromium';
import {ANY_WIDTH_TAG, BOTH_WIDTHS_TAG} from './tests/browser/fixtures';

const port = Number(process.env.TEST_PORT ?? 4173);
/** nginx with the production configuration (deploy/), for the checks that must see production's headers. */
export const nginxPort = Number(process.env.NGINX_TEST_PORT ?? 4180);
/** The portal's service (MCP, page feedback) behind that nginx, and the SQLite store it keeps feedback in, apart from the deployer's. */
const servicePort = Number(process.env.MCP_PORT ?? 4190);
const serviceDatabaseFile = path.join(os.tmpdir(), `portal-state-${nginxPort}.sqlite`);

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
    {
      name: 'desktop',
      use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}},
      // Tests that check both widths themselves run once, in the mobile project.
      grepInvert: new RegExp(BOTH_WIDTHS_TAG),
    },
    {
      name: 'mobile',
      use: {...devices['Desktop Chrome'], viewport: {width: 375, height: 740}, isMobile: true, hasTouch: true, deviceScaleFactor: 2},
      // Tests of what does not depend on the width run once, in the desktop project.
      grepInvert: new RegExp(ANY_WIDTH_TAG),
    },
  ],
  webServer: [
    // The production build, served like production (clean URLs, 404 status).
    {
      command: 'npx tsx scripts/serve.ts',
      env: {PORT: String(port)},
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'npx tsx scripts/serve-nginx.ts',
      env: {NGINX_PORT: String(nginxPort), MCP_PORT: String(servicePort), PORTAL_DATABASE_URL: '', PORTAL_DATABASE_FILE: serviceDatabaseFile},
      url: `http://127.0.0.1:${nginxPort}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
