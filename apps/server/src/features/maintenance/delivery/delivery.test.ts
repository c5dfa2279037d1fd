/**
 * Sending defects for real (issue 48), on both databases, with pg-boss jobs in the app: a real
 * SMTP server (smtp-server) receives one plain-text e-mail per place and equipment with the
 * place, the map link and the photo link, and nothing about a parent; a refusing SMTP server
 * is retried with backoff until the delivery shows as failed to admins; a real HTTP server
 * speaking GeoReport v2 gets the service request, whose id is kept, and is polled until it
 * says closed, which fixes the defect. The figures reach the Prometheus endpoint.
 */
import type { AreaDefects, Deliveries, MyFixes, PlacePage } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../../test/app-options.ts';
import { describeEachBackend } from '../../../../test/database.ts';
import {
  GEOREPORT_TEST_API_KEY,
  startGeoReportServer,
  type TestGeoReportServer,
} from '../../../../test/georeport-test-server.ts';
import { addPlace, AUCKLAND } from '../../../../test/places-fixtures.ts';
import { addArea, reportBroken, squareAround } from '../../../../test/maintenance-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../../test/sign-in.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/smtp-test-server.ts';
import { uploadPhoto } from '../../../../test/upload-fixtures.ts';
import { buildApp } from '../../../app.ts';
import { until } from '../../../../test/wait-until.ts';

/** The e-mail area around Auckland; the Open311 one 1° north, a failing one 1° south. */
const MAIL_AT = AUCKLAND;
const OPEN311_AT = { lat: AUCKLAND.lat + 1, lng: AUCKLAND.lng };
const METRICS_TOKEN = 'metrics-token-for-the-delivery-tests-0001';

describeEachBackend('delivering defects', (database) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let georeport: TestGeoReportServer;
  let admin: SignedInTestUser;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let mailAreaId = '';
  let open311AreaId = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    georeport = await startGeoReportServer();
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      findFaces: () => Promise.resolve([]),
      metrics: { token: METRICS_TOKEN },
      deliveries: {
        mail: {
          smtpUrl: smtp.url,
          from: 'PlaySpot <noreply@playspot.example>',
          replyTo: 'team@playspot.example',
        },
        settings: {
          retries: 2,
          retryDelaySeconds: 1,
          timeoutSeconds: 5,
          open311PollSeconds: 1,
          open311Polls: 30,
        },
      },
    });
    admin = await signInAs(app, 'Admin_Delivery');
    mum = await signInAs(app, 'Mum_Delivery');
    dad = await signInAs(app, 'Dad_Delivery');
    await setRole(database(), 'Admin_Delivery', 'admin');
    mailAreaId = (
      await addArea(app, admin, {
        name: 'Stadt Lübeck, Grünflächenamt',
        email: 'spielplatz@luebeck.example',
        boundary: squareAround(MAIL_AT, 0.05),
      })
    ).id;
    open311AreaId = (
      await addArea(app, admin, {
        name: 'Open311 Council',
        open311: { endpoint: georeport.endpoint, serviceCode: 'playground', apiKey: GEOREPORT_TEST_API_KEY },
        boundary: squareAround(OPEN311_AT, 0.05),
      })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await georeport.close();
  });

  const place = async (name: string, at = MAIL_AT) => ({
    id: (await addPlace(app, mum, { name, latitude: at.lat, longitude: at.lng })).id,
    at,
  });
  const deliveries = async (state: string) =>
    (
      await app.inject({ url: `/api/admin/deliveries?state=${state}`, headers: admin.headers })
    ).json<Deliveries>().deliveries;
  const defectsOf = async (areaId: string) =>
    (
      await app.inject({ url: `/api/maintenance/areas/${areaId}/defects`, headers: admin.headers })
    ).json<AreaDefects>().defects;

  it('the SMTP server receives one e-mail with the place, the map and the photo link, nothing about a parent', async () => {
    const park = await place('Spielplatz Drehbrückenplatz');
    await reportBroken(app, mum, park);
    const photo = await uploadPhoto(app, mum, `/api/locations/${park.id}/photos`);
    await reportBroken(app, dad, park);
    const [mail] = await smtp.waitForAccepted(1);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Broken swing at Spielplatz Drehbrückenplatz (PlaySpot)');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('spielplatz@luebeck.example');
    expect(mail.replyTo?.text).toBe('team@playspot.example');
    expect(mail.from?.value[0]).toMatchObject({ name: 'PlaySpot', address: 'noreply@playspot.example' });
    expect(mail.html).toBe(false);
    const text = mail.text ?? '';
    expect(text).toContain('Place: Spielplatz Drehbrückenplatz');
    expect(text).toContain('Map: https://www.openstreetmap.org/?mlat=');
    expect(text).toContain(`Place in PlaySpot: http://localhost:3000/locations/${park.id}`);
    expect(text).toContain(new URL(photo.url, 'http://localhost:3000').href);
    expect(text).toContain('reported broken by 2 parents');
    expect(text).not.toMatch(/Mum_Delivery|Dad_Delivery|@playspot\.test/u);
    // A third parent, and time for any second job: still one e-mail.
    const gran = await signInAs(app, 'Gran_Delivery');
    await reportBroken(app, gran, park);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.accepted).toHaveLength(1);
    const [defect] = await defectsOf(mailAreaId);
    expect(defect?.delivery).toMatchObject({ state: 'sent', channels: ['email'] });
  }, 60_000);

  it('a refusing SMTP server is retried with backoff, then the delivery shows as failed to admins', async () => {
    smtp.mode = 'refuse';
    try {
      const park = await place('Refused Park');
      await reportBroken(app, mum, park, 'slide');
      await reportBroken(app, dad, park, 'slide');
      const [failed] = await until(
        () => deliveries('failed'),
        (list) => list.some((delivery) => delivery.place.id === park.id),
        40_000,
      );
      expect(failed).toMatchObject({ state: 'failed', attempts: 3, equipment: 'slide' });
      expect(failed?.lastError).toMatch(/451|Mailbox busy/u);
      // One try and two retries, each once: never two processes' worth.
      expect(smtp.refused).toBe(3);
      expect(smtp.accepted).toHaveLength(1);
    } finally {
      smtp.mode = 'accept';
    }
  }, 60_000);

  it('the GeoReport v2 server gets the request, its id is kept, and its closed status fixes the defect', async () => {
    const park = await place('Open311 Park', OPEN311_AT);
    await reportBroken(app, mum, park, 'climbing_frame');
    await reportBroken(app, dad, park, 'climbing_frame');
    await until(
      async () => georeport.filed.length,
      (count) => count === 1,
    );
    const [filed] = georeport.filed;
    if (!filed) throw new Error('nothing filed');
    expect(filed.fields).toMatchObject({
      service_code: 'playground',
      lat: OPEN311_AT.lat.toFixed(6),
      long: OPEN311_AT.lng.toFixed(6),
    });
    expect(filed.fields.description).toContain('Broken climbing frame at Open311 Park');
    for (const personal of ['email', 'first_name', 'last_name', 'phone', 'device_id'])
      expect(filed.fields).not.toHaveProperty(personal);
    const [defect] = await until(
      () => defectsOf(open311AreaId),
      (list) => list[0]?.delivery.open311RequestId === filed.id,
    );
    expect(defect?.delivery.state).toBe('sent');
    const pollsBefore = georeport.polls;
    georeport.closeRequest(filed.id);
    await until(
      () => defectsOf(open311AreaId),
      (list) => list.length === 0,
    );
    expect(georeport.polls).toBeGreaterThan(pollsBefore);
    const page = (
      await app.inject({ url: `/api/locations/${park.id}/page`, headers: mum.headers })
    ).json<PlacePage>();
    expect(page.maintenance.fixes).toMatchObject([
      { equipment: 'climbing_frame', areaName: 'Open311 Council' },
    ]);
    const mine = (await app.inject({ url: '/api/me/fixes', headers: mum.headers })).json<MyFixes>().fixes;
    expect(mine.map((fix) => fix.place.id)).toContain(park.id);
    expect(georeport.filed).toHaveLength(1);
  }, 60_000);

  it('sent, failed, fixed and the median time to fixed per area on the Prometheus endpoint', async () => {
    const response = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('playspot_defects_sent{area="Stadt Lübeck, Grünflächenamt"} 1');
    expect(response.body).toContain('playspot_defects_failed{area="Stadt Lübeck, Grünflächenamt"} 1');
    expect(response.body).toContain('playspot_defects_fixed{area="Open311 Council"} 1');
    expect(response.body).toMatch(/playspot_defect_fix_median_seconds\{area="Open311 Council"\} \d/u);
  });
});
