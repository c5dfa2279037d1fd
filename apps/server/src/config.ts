/** Environment, validated once. Every setting the server reads lives here. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isOsmPublicTileServer,
  OSM_TILE_ATTRIBUTION,
  OSM_PUBLIC_TILE_URL,
  OSM_TILE_POLICY_URL,
  type TileSettings,
} from '@playspot/core';
import {
  libuvThreadPoolSize,
  resolveImageWorkLimits,
  type ImageWorkLimits,
} from './features/photos/image-work-queue.ts';
import type { StorageOptions } from './storage/create-storage.ts';
import { environmentSchema, listFromEnv, type Environment } from './config-environment.ts';
import {
  ConfigError,
  type AppLinksConfig,
  type AuthConfig,
  type AppleClientSecret,
  type Config,
  type OidcProviderConfig,
} from './config-types.ts';

export * from './config-types.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Relative paths are taken from the directory the user ran npm in (INIT_CWD), not from the
 * workspace folder npm switches into.
 */
function resolveFromUser(value: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

function appleSecret(values: Environment): AppleClientSecret | null {
  if (values.APPLE_CLIENT_SECRET) return { kind: 'static', secret: values.APPLE_CLIENT_SECRET };
  if (values.APPLE_TEAM_ID && values.APPLE_KEY_ID && values.APPLE_PRIVATE_KEY) {
    return {
      kind: 'signing-key',
      teamId: values.APPLE_TEAM_ID,
      keyId: values.APPLE_KEY_ID,
      // Environment files often carry the PEM with literal \n.
      privateKeyPem: values.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n'),
    };
  }
  return null;
}

function providersFrom(values: Environment): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  const googleWeb =
    values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
      ? {
          clientId: values.GOOGLE_CLIENT_ID,
          clientSecret: { kind: 'static' as const, secret: values.GOOGLE_CLIENT_SECRET },
        }
      : null;
  const googleAudiences = [
    ...(values.GOOGLE_CLIENT_ID ? [values.GOOGLE_CLIENT_ID] : []),
    ...listFromEnv(values.GOOGLE_NATIVE_CLIENT_IDS),
  ];
  if (googleAudiences.length > 0) {
    providers.push({
      provider: 'google',
      issuer: values.GOOGLE_ISSUER,
      web: googleWeb,
      audiences: googleAudiences,
      responseMode: 'query',
    });
  }
  const secret = appleSecret(values);
  const appleWeb =
    values.APPLE_CLIENT_ID && secret ? { clientId: values.APPLE_CLIENT_ID, clientSecret: secret } : null;
  const appleAudiences = [
    ...(values.APPLE_CLIENT_ID ? [values.APPLE_CLIENT_ID] : []),
    ...listFromEnv(values.APPLE_NATIVE_CLIENT_IDS),
  ];
  if (appleAudiences.length > 0) {
    providers.push({
      provider: 'apple',
      issuer: values.APPLE_ISSUER,
      web: appleWeb,
      audiences: appleAudiences,
      responseMode: 'form_post',
    });
  }
  return providers;
}

function storageFrom(values: Environment, dataDir: string): StorageOptions {
  if (values.STORAGE === 'local') return { kind: 'local', root: path.join(dataDir, 'uploads') };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !values[name],
  );
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    bucket: values.S3_BUCKET ?? '',
    accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    publicBaseUrl: values.S3_PUBLIC_URL,
  };
}

function trustProxyFrom(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return listFromEnv(value);
}

function imageWorkFrom(values: Environment, env: NodeJS.ProcessEnv): ImageWorkLimits {
  try {
    return resolveImageWorkLimits({
      workers: values.IMAGE_WORKERS,
      queueLength: values.IMAGE_QUEUE_LENGTH,
      cores: availableParallelism(),
      threadPoolSize: libuvThreadPoolSize(env),
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * On a developer's machine localhost, 127.0.0.1 and [::1] are one server (issue 44): a page
 * opened at any of them writes with its own origin. The other two names, same scheme and port;
 * none when the public address is not a loopback one.
 */
export function loopbackAliases(publicUrl: URL): string[] {
  if (!LOOPBACK_HOSTS.includes(publicUrl.hostname)) return [];
  const port = publicUrl.port === '' ? '' : `:${publicUrl.port}`;
  return LOOPBACK_HOSTS.filter((host) => host !== publicUrl.hostname).map(
    (host) => `${publicUrl.protocol}//${host}${port}`,
  );
}

function authFrom(values: Environment): AuthConfig {
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  const providers = providersFrom(values);
  return {
    publicUrl,
    allowedOrigins: [
      publicUrl.origin,
      ...(values.NODE_ENV === 'production' ? [] : loopbackAliases(publicUrl)),
      ...listFromEnv(values.ALLOWED_ORIGINS),
    ],
    providers,
    // Native-only clients (ID tokens from the apps) give the web no way in, so a developer
    // building the apps keeps the development sign-in until a web client is configured.
    devSignIn: !providers.some((provider) => provider.web) && values.NODE_ENV !== 'production',
    sessionIdleMs: values.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    sessionAbsoluteMs: values.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
  };
}

/**
 * The web app's own origin must not be an app origin: its pages sign in with the cookie,
 * which requests from app origins never use.
 */
function appOriginsFrom(values: Environment, auth: AuthConfig): string[] {
  const ownOrigin = auth.publicUrl.origin.toLowerCase();
  if (values.APP_ORIGINS.includes(ownOrigin)) {
    throw new ConfigError(
      `Invalid configuration:\n  APP_ORIGINS: ${ownOrigin} is PUBLIC_URL's own origin, whose pages sign in with the cookie; leave it out`,
    );
  }
  return values.APP_ORIGINS;
}

function appLinksFrom(values: Environment): AppLinksConfig {
  const certFingerprints = values.ANDROID_CERT_SHA256 ?? [];
  return {
    appleAppIds: values.APPLE_APP_IDS ?? [],
    android: certFingerprints.length > 0 ? { packageName: values.ANDROID_APP_ID, certFingerprints } : null,
  };
}

/**
 * The map's tiles. OpenStreetMap's public tile server is for light use: its policy forbids
 * heavy use by distributed apps and keeping tiles to view offline. So a production start
 * with it refuses unless the operator says they have read the policy and stay within it.
 */
function tilesFrom(values: Environment): TileSettings {
  const url = values.TILE_URL ?? OSM_PUBLIC_TILE_URL;
  const osm = isOsmPublicTileServer(url);
  if (values.TILE_URL !== undefined && !osm && values.TILE_ATTRIBUTION === undefined) {
    throw new ConfigError(
      "Invalid configuration:\n  TILE_ATTRIBUTION: set it with TILE_URL (the credit your tile provider's licence asks for, HTML)",
    );
  }
  if (osm && values.TILE_OFFLINE) {
    throw new ConfigError(
      `Invalid configuration:\n  TILE_OFFLINE: OpenStreetMap's tile usage policy (${OSM_TILE_POLICY_URL}) forbids keeping its tiles to view offline; use another TILE_URL`,
    );
  }
  if (osm && values.NODE_ENV === 'production' && !values.TILE_OSM_POLICY_ACCEPTED) {
    throw new ConfigError(
      "Invalid configuration:\n  TILE_URL: the map would load its tiles from OpenStreetMap's public tile server, " +
        `whose tile usage policy (${OSM_TILE_POLICY_URL}) forbids heavy use by distributed apps. ` +
        'Set TILE_URL (and TILE_ATTRIBUTION) to a provider you have an agreement with or your own tile server, ' +
        'or set TILE_OSM_POLICY_ACCEPTED=true if your use stays within the policy. See docs/tiles.md.',
    );
  }
  return { url, attribution: values.TILE_ATTRIBUTION ?? OSM_TILE_ATTRIBUTION, offline: values.TILE_OFFLINE };
}

function metricsFrom(values: Environment): Config['metrics'] {
  if (values.METRICS_TOKEN === undefined && values.METRICS_PORT === undefined) return null;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (it is the admin port)',
    );
  }
  return {
    token: values.METRICS_TOKEN ?? null,
    port: values.METRICS_PORT ?? null,
    host: values.METRICS_HOST,
  };
}

/** E-mail needs both SMTP_URL and MAIL_FROM; the jobs' timing has defaults. */
function deliveriesFrom(values: Environment): Config['deliveries'] {
  if ((values.SMTP_URL === undefined) !== (values.MAIL_FROM === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL, MAIL_FROM: set both to send e-mail, or neither',
    );
  }
  return {
    mail:
      values.SMTP_URL === undefined || values.MAIL_FROM === undefined
        ? null
        : {
            smtpUrl: values.SMTP_URL,
            from: values.MAIL_FROM,
            replyTo: values.MAIL_REPLY_TO ?? values.MAIL_FROM,
          },
    settings: {
      retries: values.DELIVERY_RETRIES,
      retryDelaySeconds: values.DELIVERY_RETRY_SECONDS,
      timeoutSeconds: values.DELIVERY_TIMEOUT_SECONDS,
      open311PollSeconds: values.OPEN311_POLL_SECONDS,
      open311Polls: values.OPEN311_POLLS,
      work: values.DELIVERY_WORKER,
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.CLOCK_START !== undefined && values.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  CLOCK_START: only for development and tests, never in production',
    );
  }
  if (values.SERVER_PROCESSES > 1 && (!values.DATABASE_URL || !values.REDIS_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  SERVER_PROCESSES above 1 needs DATABASE_URL (PostgreSQL: the embedded database ' +
        'belongs to one process) and REDIS_URL (rate limits counted once for all processes)',
    );
  }
  const dataDir = values.DATA_DIR ? resolveFromUser(values.DATA_DIR, env) : path.join(repositoryRoot, 'data');
  const auth = authFrom(values);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    seedDemoData: values.SEED_DEMO_DATA,
    apiContactEmail: values.API_CONTACT_EMAIL,
    auth,
    appOrigins: appOriginsFrom(values, auth),
    embedOrigins: values.EMBED_ORIGINS.length === 0 ? ['*'] : values.EMBED_ORIGINS,
    appLinks: appLinksFrom(values),
    trustProxy: trustProxyFrom(values.TRUST_PROXY),
    redisUrl: values.REDIS_URL,
    storage: storageFrom(values, dataDir),
    mapIndex: values.MAP_INDEX === 'on' ? { checkMs: values.MAP_INDEX_CHECK_SECONDS * 1000 } : false,
    clockStart: values.CLOCK_START === undefined ? null : new Date(values.CLOCK_START),
    imageWork: imageWorkFrom(values, env),
    serverProcesses: values.SERVER_PROCESSES,
    tiles: tilesFrom(values),
    metrics: metricsFrom(values),
    retentionAnalyticsDays: values.RETENTION_ANALYTICS_DAYS,
    deliveries: deliveriesFrom(values),
    webDistDir: values.WEB_DIST_DIR
      ? resolveFromUser(values.WEB_DIST_DIR, env)
      : path.join(repositoryRoot, 'apps/web/dist'),
  };
}
