/** The page on using the docs from an AI assistant: reachable from the home page and the API overview, with each client's configuration for the portal's HTTP endpoint. */
import {portalConfig} from '../../portal.config';
import {ANY_WIDTH_TAG, expect, test, waitForHydration} from './fixtures';

const LINK_NAME = 'use the docs from your AI assistant';
const mcpUrl = `${new URL(portalConfig.siteUrl).origin}/mcp`;

for (const from of ['/', '/api/overview-api-documentation']) {
  test(`${from} links to the AI assistant page, which renders each client's configuration`, {tag: ANY_WIDTH_TAG}, async ({page}) => {
    await page.goto(from);
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', {name: LINK_NAME}).click();
    await expect(page).toHaveURL(/\/api\/ai-assistants$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Use the docs from your AI assistant');
    for (const client of ['Claude Code', 'Claude Desktop', 'VS Code', 'Cursor'])
      await expect(page.getByRole('heading', {level: 2, name: client})).toBeVisible();
    const code = page.locator('article pre');
    await expect(code.filter({hasText: `claude mcp add --transport http ${portalConfig.cliName}-docs ${mcpUrl}`})).toHaveCount(1);
    // The HTTP endpoint leads; running the server from a checkout comes once, last.
    await expect(code.filter({hasText: 'npm --prefix /path/to/portal run --silent mcp'})).toHaveCount(1);
    await expect(page.getByRole('heading', {level: 2}).last()).toHaveText(/from a checkout/);
    await expect(code.filter({hasText: `"url": "${mcpUrl}"`})).toHaveCount(2);
  });
}
