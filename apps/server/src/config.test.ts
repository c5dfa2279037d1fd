import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { INIT_CWD: '/srv/playspot' };
/** A production start names a tile provider (see the tiles tests). */
const production = { NODE_ENV: 'production', TILE_URL: '/tiles/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '© us' };

describe('loadConfig', () => {
  it('runs on the embedded database with the development sign-in by default', () => {
    const config = loadConfig(base);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.auth.devSignIn).toBe(true);
    expect(config.auth.providers).toEqual([]);
    expect(config.auth.publicUrl.toString()).toBe('http://localhost:3000/');
  });

  it('keeps a map index checked every minute unless told otherwise, or none with MAP_INDEX=off', () => {
    expect(loadConfig(base).mapIndex).toEqual({ checkMs: 60_000 });
    expect(loadConfig({ ...base, MAP_INDEX_CHECK_SECONDS: '300' }).mapIndex).toEqual({ checkMs: 300_000 });
    expect(loadConfig({ ...base, MAP_INDEX: 'off' }).mapIndex).toBe(false);
    expect(() => loadConfig({ ...base, MAP_INDEX_CHECK_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MAP_INDEX: 'maybe' })).toThrow(ConfigError);
  });

  it('sends defects by e-mail only with SMTP_URL and MAIL_FROM together; replies go to MAIL_REPLY_TO (issue 48)', () => {
    expect(loadConfig(base).deliveries.mail).toBeNull();
    expect(loadConfig(base).deliveries.settings).toEqual({
      retries: 8,
      retryDelaySeconds: 60,
      timeoutSeconds: 120,
      open311PollSeconds: 3600,
      open311Polls: 336,
      work: true,
    });
    const mail = {
      SMTP_URL: 'smtps://user:secret@smtp.example:465',
      MAIL_FROM: 'PlaySpot <noreply@playspot.example>',
    };
    expect(loadConfig({ ...base, ...mail }).deliveries.mail).toEqual({
      smtpUrl: mail.SMTP_URL,
      from: mail.MAIL_FROM,
      replyTo: mail.MAIL_FROM,
    });
    expect(
      loadConfig({ ...base, ...mail, MAIL_REPLY_TO: 'team@playspot.example' }).deliveries.mail?.replyTo,
    ).toBe('team@playspot.example');
    expect(() => loadConfig({ ...base, SMTP_URL: mail.SMTP_URL })).toThrow(/SMTP_URL, MAIL_FROM/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://smtp.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, DELIVERY_TIMEOUT_SECONDS: '0' })).toThrow(/DELIVERY_TIMEOUT_SECONDS/);
    expect(loadConfig({ ...base, DELIVERY_WORKER: 'false' }).deliveries.settings?.work).toBe(false);
  });

  it('bounds image work by IMAGE_WORKERS and IMAGE_QUEUE_LENGTH, refusing what would take the thread pool', () => {
    const { workers, queueLength } = loadConfig(base).imageWork;
    expect(workers).toBeGreaterThanOrEqual(1);
    expect(workers).toBeLessThan(4);
    expect(queueLength).toBe(2 * workers);
    expect(loadConfig({ ...base, IMAGE_WORKERS: '1', IMAGE_QUEUE_LENGTH: '0' }).imageWork).toEqual({
      workers: 1,
      queueLength: 0,
    });
    expect(loadConfig({ ...base, IMAGE_WORKERS: '6', UV_THREADPOOL_SIZE: '8' }).imageWork.workers).toBe(6);
    expect(() => loadConfig({ ...base, IMAGE_WORKERS: '4' })).toThrow(/IMAGE_WORKERS.*UV_THREADPOOL_SIZE/);
    expect(() => loadConfig({ ...base, IMAGE_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, IMAGE_QUEUE_LENGTH: 'many' })).toThrow(ConfigError);
  });

  it('runs one server process unless SERVER_PROCESSES says more, which needs PostgreSQL and Redis', () => {
    const shared = { DATABASE_URL: 'postgres://db/playspot', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig(base).serverProcesses).toBe(1);
    expect(loadConfig({ ...base, ...shared, SERVER_PROCESSES: '2' }).serverProcesses).toBe(2);
    expect(() => loadConfig({ ...base, SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES.*DATABASE_URL/);
    expect(() => loadConfig({ ...base, DATABASE_URL: shared.DATABASE_URL, SERVER_PROCESSES: '2' })).toThrow(
      /REDIS_URL/,
    );
    expect(() => loadConfig({ ...base, ...shared, SERVER_PROCESSES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...shared, SERVER_PROCESSES: 'all' })).toThrow(ConfigError);
  });

  it('starts the clock at CLOCK_START outside production only, and refuses a malformed one', () => {
    expect(loadConfig(base).clockStart).toBeNull();
    expect(loadConfig({ ...base, CLOCK_START: '2026-11-16T10:05:00+13:00' }).clockStart?.toISOString()).toBe(
      '2026-11-15T21:05:00.000Z',
    );
    expect(() => loadConfig({ ...base, CLOCK_START: 'next monday' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', CLOCK_START: '2026-11-16T10:05:00Z' }),
    ).toThrow(/CLOCK_START/);
  });

  it('serves the public OpenStreetMap tiles outside production, never kept offline', () => {
    expect(loadConfig(base).tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap') as unknown,
      offline: false,
    });
    expect(() => loadConfig({ ...base, TILE_OFFLINE: 'true' })).toThrow(/TILE_OFFLINE[\s\S]*policy/);
  });

  it('refuses a production start on the public OpenStreetMap tile server, naming the policy and the settings', () => {
    let message = '';
    try {
      loadConfig({ ...base, NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('https://operations.osmfoundation.org/policies/tiles/');
    for (const setting of ['TILE_URL', 'TILE_ATTRIBUTION', 'TILE_OSM_POLICY_ACCEPTED'])
      expect(message).toContain(setting);
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        TILE_URL: 'https://a.tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
    ).toThrow(/tile usage policy/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', TILE_OSM_POLICY_ACCEPTED: 'true' }).tiles.url).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
  });

  it('takes another provider from TILE_URL with its attribution, kept offline only when TILE_OFFLINE says so', () => {
    const tiles = {
      TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png?key=k',
      TILE_ATTRIBUTION: '© Example',
    };
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...tiles }).tiles).toEqual({
      url: tiles.TILE_URL,
      attribution: '© Example',
      offline: false,
    });
    expect(loadConfig({ ...base, ...tiles, TILE_OFFLINE: 'yes' }).tiles.offline).toBe(true);
    expect(() => loadConfig({ ...base, TILE_URL: tiles.TILE_URL })).toThrow(/TILE_ATTRIBUTION/);
    expect(() => loadConfig({ ...base, TILE_URL: 'http://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /TILE_URL: must be an https/,
    );
  });

  it('never enables the development sign-in in production', () => {
    expect(loadConfig({ ...base, ...production }).auth.devSignIn).toBe(false);
  });

  it('turns the development sign-in off once a provider is configured', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 's',
    });
    expect(config.auth.devSignIn).toBe(false);
  });

  it('keeps the development sign-in while only native app clients are configured', () => {
    const nativeOnly = {
      ...base,
      GOOGLE_NATIVE_CLIENT_IDS: 'ios-id',
      APPLE_NATIVE_CLIENT_IDS: 'app.playspot',
    };
    expect(loadConfig(nativeOnly).auth.devSignIn).toBe(true);
    expect(loadConfig({ ...nativeOnly, ...production }).auth.devSignIn).toBe(false);
  });

  it('collects every audience of a provider: web client and native apps', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'web-id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_NATIVE_CLIENT_IDS: 'ios-id, android-id',
      APPLE_NATIVE_CLIENT_IDS: 'org.playspot.app',
    });
    expect(config.auth.providers).toEqual([
      expect.objectContaining({
        provider: 'google',
        issuer: 'https://accounts.google.com',
        audiences: ['web-id', 'ios-id', 'android-id'],
        responseMode: 'query',
      }),
      expect.objectContaining({
        provider: 'apple',
        issuer: 'https://appleid.apple.com',
        audiences: ['org.playspot.app'],
        web: null,
        responseMode: 'form_post',
      }),
    ]);
  });

  it('builds Apple web sign-in from a signing key', () => {
    const config = loadConfig({
      ...base,
      APPLE_CLIENT_ID: 'org.playspot.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
    });
    const apple = config.auth.providers.find((provider) => provider.provider === 'apple');
    expect(apple?.web?.clientSecret).toEqual({
      kind: 'signing-key',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
  });

  it('uses PUBLIC_URL for redirects, cookies and allowed origins', () => {
    const config = loadConfig({
      ...base,
      PUBLIC_URL: 'https://playspot.example',
      ALLOWED_ORIGINS: 'capacitor://localhost',
    });
    expect(config.auth.publicUrl.origin).toBe('https://playspot.example');
    expect(config.auth.allowedOrigins).toEqual(['https://playspot.example', 'capacitor://localhost']);
  });

  it('takes localhost, 127.0.0.1 and [::1] as one origin in development only (issue 44)', () => {
    expect(loadConfig({ ...base, PORT: '3101' }).auth.allowedOrigins).toEqual([
      'http://localhost:3101',
      'http://127.0.0.1:3101',
      'http://[::1]:3101',
    ]);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:4000' }).auth.allowedOrigins).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://[::1]:4000',
    ]);
    expect(
      loadConfig({ ...base, ...production, PUBLIC_URL: 'http://localhost:3101' }).auth.allowedOrigins,
    ).toEqual(['http://localhost:3101']);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://playspot.example' }).auth.allowedOrigins).toEqual([
      'https://playspot.example',
    ]);
  });

  it('lets the native apps in from capacitor://localhost and https://localhost unless APP_ORIGINS says otherwise', () => {
    expect(loadConfig(base).appOrigins).toEqual(['capacitor://localhost', 'https://localhost']);
    expect(loadConfig({ ...base, APP_ORIGINS: '' }).appOrigins).toEqual([]);
    expect(
      loadConfig({
        ...base,
        APP_ORIGINS: 'Capacitor://LocalHost/, HTTPS://localhost:443, http://10.0.2.2:8080',
      }).appOrigins,
    ).toEqual(['capacitor://localhost', 'https://localhost', 'http://10.0.2.2:8080']);
  });

  it.each([
    ['a word', 'capacitor://localhost,localhost'],
    ['a path', 'https://example.com/app'],
    ['a query', 'https://example.com?x=1'],
    ['a wildcard', '*'],
    ['a wildcard host', 'https://*.example.com'],
    ['credentials', 'https://user@example.com'],
  ])('refuses an APP_ORIGINS entry with %s', (_case, value) => {
    expect(() => loadConfig({ ...base, APP_ORIGINS: value })).toThrow(
      /^Invalid configuration:\n {2}APP_ORIGINS: ".+" is not an origin/,
    );
  });

  it("refuses PUBLIC_URL's own origin as an app origin: its pages sign in with the cookie", () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://localhost' })).toThrow(
      /^Invalid configuration:\n {2}APP_ORIGINS: https:\/\/localhost is PUBLIC_URL's own origin/,
    );
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://localhost', APP_ORIGINS: 'capacitor://localhost' })
        .appOrigins,
    ).toEqual(['capacitor://localhost']);
  });

  it('names no app for universal links or app links by default', () => {
    expect(loadConfig(base).appLinks).toEqual({ appleAppIds: [], android: null });
    expect(loadConfig({ ...base, ANDROID_APP_ID: 'app.playspot.beta' }).appLinks.android).toBeNull();
  });

  it('reads the iOS app ids and the Android package and fingerprints, upper-cased', () => {
    const fingerprint = 'ab:'.repeat(31) + 'cd';
    const config = loadConfig({
      ...base,
      APPLE_APP_IDS: 'ABCDE12345.app.playspot, ABCDE12345.app.playspot-beta',
      ANDROID_CERT_SHA256: `${fingerprint}, ${'01:'.repeat(31)}ff`,
    });
    expect(config.appLinks).toEqual({
      appleAppIds: ['ABCDE12345.app.playspot', 'ABCDE12345.app.playspot-beta'],
      android: {
        packageName: 'app.playspot',
        certFingerprints: [fingerprint.toUpperCase(), `${'01:'.repeat(31)}FF`],
      },
    });
    expect(
      loadConfig({ ...base, ANDROID_APP_ID: 'org.example.play_spot', ANDROID_CERT_SHA256: fingerprint })
        .appLinks.android?.packageName,
    ).toBe('org.example.play_spot');
  });

  it('resolves DATA_DIR from the directory npm was run in', () => {
    expect(loadConfig({ ...base, DATA_DIR: 'my-data' }).dataDir).toBe('/srv/playspot/my-data');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://example.com' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['SEED_DEMO_DATA', { SEED_DEMO_DATA: 'maybe' }],
    ['APP_ORIGINS', { APP_ORIGINS: 'capacitor://localhost, not an origin' }],
    ['APPLE_APP_IDS', { APPLE_APP_IDS: 'app.playspot' }],
    ['APPLE_APP_IDS', { APPLE_APP_IDS: 'abcde12345.app.playspot' }],
    ['ANDROID_APP_ID', { ANDROID_APP_ID: 'playspot' }],
    ['ANDROID_CERT_SHA256', { ANDROID_CERT_SHA256: 'AB:'.repeat(30) + 'CD' }],
    ['ANDROID_CERT_SHA256', { ANDROID_CERT_SHA256: 'AB'.repeat(32) }],
    ['ANDROID_CERT_SHA256', { ANDROID_CERT_SHA256: 'GG:'.repeat(31) + 'GG' }],
  ])('names the bad variable %s', (name, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}`));
  });
});
