import type {LaunchOptions} from '@playwright/test';

/** Debian's Chromium by default; CHROMIUM_PATH points elsewhere on other machines. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
