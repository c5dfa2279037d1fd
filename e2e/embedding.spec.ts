/**
 * Being embedded (issue 47): a council's page frames /embed from another origin (the map and
 * its list, every link leaving the frame), while a framed /MapView is refused
 * (`frame-ancestors 'none'`); the share menu gives the <iframe> code. Screenshots of both
 * (UPDATE_SCREENSHOTS=1 keeps them in docs/screenshots).
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';

/**
 * Another site, on a port of its own (another origin). A real server on this machine: Chromium
 * refuses a frame of a local address inside a page it thinks public (local network access),
 * and a routed page counts as public.
 */
let council: Server;
let COUNCIL = '';
const AUCKLAND = 'lat=-36.8485&lng=174.7633';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const save = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? path.join('docs', 'screenshots', `${name}.png`)
    : test.info().outputPath(`${name}.png`);

/** The council's page (`/?embed=<its query>`): the embed as the share menu gives it, and a frame of /MapView. */
function councilPage(baseURL: string, embedQuery: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Spielplätze – Stadt</title>
<style>body{margin:0;font-family:Georgia,serif;background:#f4f1ea;color:#222}header{background:#7a1f1f;color:#fff;padding:14px 20px;font-size:20px}main{max-width:880px;margin:0 auto;padding:12px 16px}</style></head>
<body><header>Stadtverwaltung · Familie &amp; Freizeit</header><main><h1>Spielplätze in der Nähe</h1><p>Von Eltern gepflegt, auf PlaySpot.</p>
<iframe id="embed" src="${baseURL}/embed?${embedQuery}" title="Spielorte · PlaySpot" width="600" height="450" style="width:100%;max-width:860px;height:450px;border:0" loading="lazy"></iframe>
<p id="below">Die ganze App eingerahmt (wird abgelehnt):</p><iframe id="app" src="${baseURL}/MapView" title="App" width="300" height="80"></iframe></main></body></html>`;
}

test.beforeAll(async ({ baseURL }) => {
  council = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://council').searchParams.get('embed') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(councilPage(baseURL ?? '', query));
  });
  await new Promise<void>((resolve) => council.listen(0, '127.0.0.1', resolve));
  const address = council.address();
  COUNCIL = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => council.close(resolve));
});

const councilUrl = (embedQuery: string) => `${COUNCIL}/?embed=${encodeURIComponent(embedQuery)}`;

for (const size of SIZES) {
  test(`a council's page frames /embed, and a framed /MapView is refused (${size.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size.viewport);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes("frame-ancestors 'none'")) refused.push(message.text());
    });
    await page.goto(councilUrl(`${AUCKLAND}&radius=5&lang=de`));

    const embed = page.frameLocator('#embed');
    const list = embed.getByRole('list', { name: 'Spielorte' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(3);
    await expect(embed.getByRole('region', { name: 'Karte der Spielorte' })).toBeVisible();
    await expect(embed.locator('.leaflet-marker-icon').first()).toBeVisible();
    // Read-only: no terms dialog, no sign-in; the terms are a link, and every link leaves the frame.
    await expect(embed.getByRole('dialog')).toHaveCount(0);
    await expect(embed.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute(
      'href',
      `${baseURL}/terms?lang=de`,
    );
    const links = await embed.locator('a[href]').evaluateAll((anchors) =>
      anchors
        // The map's zoom buttons are links with role=button; its credits leave the frame on a tap.
        .filter((anchor) => !anchor.closest('.leaflet-control-container'))
        .map((anchor) => anchor.getAttribute('target')),
    );
    expect(links.length).toBeGreaterThan(3);
    expect(new Set(links)).toEqual(new Set(['_blank']));
    const firstPlace = list.getByRole('link').first();
    await expect(firstPlace).toHaveAttribute(
      'href',
      new RegExp(`^${baseURL ?? ''}/locations/[0-9a-f-]{36}\\?lang=de$`),
    );

    // The app itself may not be framed: Chromium refuses it and draws nothing of it.
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    const app = page
      .frames()
      .find((frame) => frame.url().includes('/MapView') || frame.url().startsWith('chrome-error'));
    expect(
      await app
        ?.locator('#root')
        .count()
        .catch(() => 0),
    ).toBe(0);

    await page.screenshot({ path: save(`embed-${size.name}`), fullPage: true });
  });
}

test('a place page: "Embed this map" in the share menu gives the code that frames it', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptTerms(page);
  await skipLocationPrompt(page);
  const answer = await page.request.get(`/api/locations/summaries?${AUCKLAND}&radiusKm=5&limit=1`);
  const [place] = ((await answer.json()) as { items: { id: string; name: string }[] }).items;
  expect(place).toBeDefined();
  await page.goto(`/locations/${place?.id ?? ''}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Embed this map' })).toBeVisible();
  await page.screenshot({ path: save('share-menu-phone') });
  await page.getByRole('button', { name: 'Embed this map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this map' });
  const code = dialog.getByRole('textbox', { name: 'Code for your website' });
  await expect(code).toHaveValue(
    new RegExp(`^<iframe src="${baseURL ?? ''}/embed\\?ids=${place?.id ?? ''}&amp;lang=en"`),
  );
  await page.screenshot({ path: save('embed-code-phone') });

  // The code, pasted into another site, shows that place.
  const src = /src="([^"]*)"/u.exec(await code.inputValue())?.[1]?.replaceAll('&amp;', '&') ?? '';
  await page.goto(councilUrl(new URL(src).search.slice(1)));
  await expect(page.frameLocator('#embed').getByRole('listitem')).toHaveCount(1);
  await expect(page.frameLocator('#embed').getByText(place?.name ?? '')).toBeVisible();
});
