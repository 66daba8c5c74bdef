import {expect, test, waitForHydration} from './fixtures';

test('an operation page names its required permission and links it to the catalogue, which lists the operation and the roles that hold it', async ({page}) => {
  await page.goto('/api/reference/targets-findings-retest');
  await waitForHydration(page);
  const requirement = page.getByText('Required permission:');
  await expect(requirement).toBeVisible();
  const link = requirement.getByRole('link', {name: 'findings.retest'});
  await expect(link).toBeVisible();
  await link.click();

  await expect(page).toHaveURL(/\/api\/reference\/required-permissions#findings-retest$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Required permissions');
  const heading = page.getByRole('heading', {level: 2, name: 'findings.retest'});
  await expect(heading).toBeInViewport();
  // The codename's section: what follows its heading up to the next one.
  const section = page.locator('xpath=//h2[@id="findings-retest"]/following-sibling::*[not(self::h2)][preceding-sibling::h2[1][@id="findings-retest"]]');
  await expect(section.first()).toHaveText('Start re-tests of findings, one or in bulk, to check a fix.');
  await expect(section.getByText('Held by the built-in roles: Owner, Administrator, Analyst, Pipeline.')).toBeVisible();
  await expect(section.getByRole('link', {name: 'Re-test a finding', exact: true})).toHaveAttribute('href', '/api/reference/targets-findings-retest');
});
