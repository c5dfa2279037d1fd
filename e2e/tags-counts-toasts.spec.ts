/**
 * What a parent sees agrees with itself (issue 32, points 1, 2 and 7), on a phone:
 * - a place added with the "Fenced" tag shows "Fenced, confirmed by 1 parent" instead of
 *   "Nobody has told us yet about … fences", and the Fenced filter keeps it in the list;
 * - a comment hidden by reports leaves the "Comments (n)" heading: it counts what is shown;
 * - three quick fact answers make one points toast that adds them up ("+30 points"), not a
 *   pile of three "+10 points" toasts over the header.
 */
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** A corner of Christchurch no demo place is near. */
const CHRISTCHURCH = { latitude: -43.5321, longitude: 172.6362 };

test.use({ viewport: { width: 390, height: 844 } });

test('a place tagged "Fenced" says so and the Fenced filter finds it', async ({ page, baseURL }) => {
  const creator = await signInParent(baseURL ?? '', unique('Tag_Fact_'));
  const fencedName = unique('Tagged Fence Park ');
  const id = await addPlace(creator, { name: fencedName, tags: ['Fenced', 'Swings'], ...CHRISTCHURCH });
  await addPlace(creator, {
    name: unique('Unfenced Field '),
    tags: ['Slide'],
    latitude: CHRISTCHURCH.latitude + 0.002,
    longitude: CHRISTCHURCH.longitude,
  });
  await creator.api.dispose();

  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/locations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: fencedName })).toBeVisible();
  const fenced = page.getByTestId('fact-fenced');
  await expect(fenced.getByText('Fenced', { exact: true })).toBeVisible();
  await expect(fenced.getByText(/^Confirmed by 1 parent/u)).toBeVisible();
  await expect(page.getByText(/Nobody has told us yet about/u)).toHaveCount(0);

  await page.goto(`/MapView?lat=${CHRISTCHURCH.latitude}&lng=${CHRISTCHURCH.longitude}&radius=2`);
  await expect(page.getByText(/^Unfenced Field /u).first()).toBeVisible();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('group', { name: 'Facilities' }).getByRole('checkbox', { name: 'Fenced' }).check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  await expect(page.getByText(/^Unfenced Field /u)).toHaveCount(0);
  await expect(page.getByText(fencedName).first()).toBeVisible();
});

test('a comment hidden by reports is not counted in "Comments (n)"', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const author = await signInParent(base, unique('Count_Author_'));
  const id = await addPlace(author, { name: unique('Counted Comments Park '), tags: ['Swings'] });
  const commentIds: string[] = [];
  for (const text of ['The swings are new.', 'Shady in the morning.', 'Buy my miracle pills!']) {
    const response = await author.api.post(`/api/locations/${id}/comments`, { data: { text } });
    expect(response.status(), await response.text()).toBe(201);
    commentIds.push(((await response.json()) as { comment: { id: string } }).comment.id);
  }
  // Three different parents report the last one, which hides it until a moderator decides.
  for (const index of [1, 2, 3]) {
    const reporter = await signInParent(base, unique(`Count_Reporter_${index}_`));
    const reported = await reporter.api.post('/api/reports', {
      data: { targetType: 'comment', targetId: commentIds[2], reason: 'spam-or-abuse' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    await reporter.api.dispose();
  }
  await author.api.dispose();

  const place = (await (await page.request.get(`/api/locations/${id}`)).json()) as { commentCount: number };
  expect(place.commentCount).toBe(2);

  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/locations/${id}`);
  await expect(page.getByTestId('comment')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await expect(page.getByText('Buy my miracle pills!')).toHaveCount(0);
});

test('three quick fact answers make one toast that adds them up', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Toast_Creator_'));
  const id = await addPlace(creator, { name: unique('Toast Corner '), tags: ['Slide'] });
  await creator.api.dispose();

  await acceptTerms(page);
  await skipLocationPrompt(page);
  await signInOn(page.request, base, unique('Toast_Parent_'));
  await page.goto(`/locations/${id}`);
  await page.getByRole('button', { name: /Add what you know/u }).click();
  for (const question of ['Fenced?', 'Toilets?', 'Shade?']) {
    await page.getByRole('group', { name: question }).getByRole('button', { name: 'Yes' }).click();
  }
  const notifications = page.getByRole('region', { name: /Notifications/u });
  await expect(notifications.getByText('+30 points')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(notifications.getByText(/^\+\d+ points?$/u)).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('one-points-toast-phone.png') });
});
