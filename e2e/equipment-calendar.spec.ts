/**
 * Issue 33 on a phone: parents list a place's play equipment and confirm it ("3 parents say
 * so"); an event goes into a calendar as an .ics with its repeat rule, and "my events" gets a
 * secret calendar address that serves it. Screenshots in English and German (outputs).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, testId: string, file: string): Promise<void> {
  const part = page.getByTestId(testId);
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: test.info().outputPath(file) });
}

for (const lang of ['en', 'de'] as const) {
  test.describe(`phone, ${lang}`, () => {
    test.use({ viewport: PHONE, locale: lang === 'de' ? 'de-DE' : 'en-NZ', isMobile: true, hasTouch: true });

    test('parents list and confirm play equipment', async ({ page, baseURL }) => {
      const base = baseURL ?? '';
      const creator = await signInParent(base, unique('Eq_Creator_'));
      const id = await addPlace(creator, { name: 'Spielplatz am Wall', tags: ['Swings'] });
      await acceptTerms(page);
      await skipLocationPrompt(page);
      await signInOn(page.request, base, unique('Eq_A_'));
      await page.goto(`/locations/${id}`);
      const section = page.getByTestId('equipment-section');
      await expect(
        section.getByText(lang === 'en' ? 'Nobody has listed the equipment yet.' : 'Noch hat niemand', {
          exact: false,
        }),
      ).toBeVisible();
      await section.getByRole('combobox').selectOption('baby_swing');
      await section.getByRole('button', { name: lang === 'en' ? 'Add' : 'Ergänzen', exact: true }).click();
      const row = page.getByTestId('equipment-baby_swing');
      await expect(
        row.getByText(lang === 'en' ? 'Baby swing' : 'Babyschaukel', { exact: true }),
      ).toBeVisible();
      await expect(
        row.getByRole('button', { name: lang === 'en' ? "It's there" : 'Ist da' }),
      ).toHaveAttribute('aria-pressed', 'true');
      // Two more parents say so, one says there is no slide.
      for (const name of ['Eq_B_', 'Eq_C_']) {
        const parent = await signInParent(base, unique(name));
        const response = await parent.api.put(`/api/locations/${id}/equipment/baby_swing`, {
          data: { present: true },
        });
        expect(response.ok()).toBe(true);
        await parent.api.put(`/api/locations/${id}/equipment/slide`, { data: { present: true } });
      }
      await page.reload();
      await expect(
        page
          .getByTestId('equipment-baby_swing')
          .getByText(lang === 'en' ? '3 parents say so' : '3 Eltern bestätigen das'),
      ).toBeVisible();
      await expect(page.getByTestId('equipment-slide')).toBeVisible();
      // The map's filter finds it by its baby swing.
      const found = await page.request.get(`/api/locations?equipment=baby_swing,slide&limit=100`);
      const ids = ((await found.json()) as { items: { id: string }[] }).items.map((item) => item.id);
      expect(ids).toContain(id);
      await shoot(page, 'equipment-section', `equipment-${lang}-phone.png`);
    });

    test('an event goes into the calendar; my events get a secret address', async ({ page, baseURL }) => {
      const base = baseURL ?? '';
      const organiser = unique('Cal_Org_');
      const creator = await signInParent(base, organiser);
      const id = await addPlace(creator, { name: 'Kalenderspielplatz', tags: ['Swings'] });
      const made = await creator.api.post('/api/events', {
        data: {
          locationId: id,
          title: 'Laternenbasteln',
          description: null,
          dayOfWeek: 'Saturday',
          time: '10:00',
          repeatPattern: 'Month last',
          isPublic: true,
          invitedUserNames: [],
        },
      });
      expect(made.status()).toBe(201);
      await acceptTerms(page);
      await skipLocationPrompt(page);
      await signInOn(page.request, base, organiser);
      await page.goto(`/locations/${id}`);
      const add = page.getByRole('link', {
        name:
          lang === 'en'
            ? 'Add “Laternenbasteln” to your calendar'
            : '„Laternenbasteln“ zum Kalender hinzufügen',
      });
      const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
      const ics = await readFile(await download.path(), 'utf8');
      expect(ics).toContain('RRULE:FREQ=MONTHLY;BYDAY=-1SA');
      expect(ics).toContain('SUMMARY:Laternenbasteln');
      await expect(
        page.getByRole('link', {
          name: lang === 'en' ? "Subscribe to this place's events" : 'Termine dieses Ortes abonnieren',
        }),
      ).toHaveAttribute('href', new RegExp(`^webcal://.*/api/locations/${id}/events\\.ics$`));

      await page.goto('/events');
      const panel = page.getByTestId('calendar-feed');
      await panel
        .getByRole('button', {
          name: lang === 'en' ? 'Get my calendar address' : 'Meine Kalenderadresse erstellen',
        })
        .click();
      const address = await panel.getByRole('textbox').inputValue();
      expect(address).toMatch(/^webcal:\/\/.*\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/my-events\.ics$/);
      // A calendar app fetches it without cookies.
      const feed = await page.context().request.fetch(address.replace(/^webcal:/, new URL(base).protocol), {
        headers: { cookie: '' },
      });
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain('SUMMARY:Laternenbasteln');
      await shoot(page, 'calendar-feed', `calendar-feed-${lang}-phone.png`);
      await panel.getByRole('button', { name: lang === 'en' ? 'Turn off' : 'Abschalten' }).click();
      await expect(
        panel.getByText(
          lang === 'en' ? 'Your calendar address is off.' : 'Deine Kalenderadresse ist abgeschaltet.',
        ),
      ).toBeVisible();
    });
  });
}
