/**
 * Live updates (issue 32): two parents in two browsers on one place. What one does (a vote, a
 * comment, a fact answer) appears on the other's open page without a reload, through the
 * service worker the app installs; offline the page stops asking, and what was said meanwhile
 * appears once it is back online.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, newPageOffTheInternet, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

// The stream must work with the app's service worker in charge of the page.
test.use({ serviceWorkers: 'allow' });

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

const thumbUp = (page: Page) =>
  page.getByRole('group', { name: 'Good for kids?' }).getByRole('button', { name: /^Thumbs up/ });

test("another parent's vote, comment and fact answer appear without a reload", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Live_Creator_'));
  const id = await addPlace(creator, { name: 'Live Lagoon Playground', tags: ['Swings'] });
  await creator.api.dispose();

  // Parent A watches the page, served through the service worker.
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await signInOn(page.request, base, unique('Live_A_'));
  await page.goto(`/locations/${id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const streams: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') streams.push(request.url());
  });
  await expect(thumbUp(page)).toHaveAccessibleName('Thumbs up, 0 votes');
  await expect.poll(() => streams.length).toBeGreaterThan(0);

  // Parent B, in another browser, votes and comments.
  const contextB = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
  const pageB = await newPageOffTheInternet(contextB);
  await signInOn(pageB.request, base, unique('Live_B_'));
  await pageB.goto(`/locations/${id}`);
  await thumbUp(pageB).click();
  await expect(thumbUp(pageB)).toHaveAccessibleName('Thumbs up, 1 vote');
  let started = Date.now();
  await expect(thumbUp(page)).toHaveAccessibleName('Thumbs up, 1 vote');
  const voteMs = Date.now() - started;

  await pageB.getByLabel('Share a tip with other parents').fill('The lagoon splash pad is on today.');
  await pageB.getByRole('button', { name: 'Post comment' }).click();
  await expect(pageB.getByTestId('comment').first()).toContainText('The lagoon splash pad is on today.');
  started = Date.now();
  await expect(page.getByTestId('comment').first()).toContainText('The lagoon splash pad is on today.');
  const commentMs = Date.now() - started;

  const origin = { origin: new URL(base).origin };
  const shade = await pageB.request.put(`/api/locations/${id}/facts/shade`, {
    headers: origin,
    data: { value: 'yes' },
  });
  expect(shade.ok()).toBe(true);
  await expect(page.getByTestId('fact-shade')).toContainText('Confirmed by 1 parent');
  console.log(`live: vote seen after ${voteMs} ms, comment after ${commentMs} ms`);

  // Offline: no stream is tried; what B says meanwhile is there once A is back.
  await page.context().setOffline(true);
  const triedBefore = streams.length;
  const quiet = await pageB.request.post(`/api/locations/${id}/comments`, {
    headers: origin,
    data: { text: 'Said while you were offline.' },
  });
  expect(quiet.status()).toBe(201);
  await page.waitForTimeout(4000);
  expect(streams.length).toBe(triedBefore);
  await page.context().setOffline(false);
  await expect(page.getByText('Said while you were offline.')).toBeVisible();
  await contextB.close();
});
