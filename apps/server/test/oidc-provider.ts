/**
 * A real OpenID Connect provider (panva's oidc-provider) started inside the test run, standing in
 * for Google and Apple, so sign-in code can be tested end to end: discovery, authorization code +
 * PKCE, form_post, ID tokens signed with a key the tests also hold.
 *
 * Log-in is a tiny page of our own (no dev interactions, so no console warnings): it signs in
 * whatever subject is posted. Consent is automatic: every authorization request is granted the
 * OIDC scopes and claims it asks for.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import * as client from 'openid-client';
// @ts-expect-error -- oidc-provider ships no type declarations; the few members used are typed below.
import UntypedProvider from 'oidc-provider';

export interface TestClient {
  clientId: string;
  /** Omit for a public client (token_endpoint_auth_method 'none', PKCE). */
  clientSecret?: string;
  redirectUris: string[];
  /** Apple uses form_post; Google uses query. Default ['query']. */
  responseModes?: ('query' | 'form_post')[];
}

export interface TestAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestIdentityProvider {
  /** e.g. http://127.0.0.1:43123 (random free port, 127.0.0.1). */
  issuer: string;
  /**
   * The provider's RS256 private signing key (with `kid`), so tests can mint tokens that the
   * provider's JWKS verifies (for negative cases: wrong audience, expired…).
   */
  signingKey: JWK;
  close(): Promise<void>;
}

export type AuthorizationResult =
  /** The final redirect to the relying party's redirect_uri (?code=&state= or ?error=). */
  | { kind: 'redirect'; url: URL }
  /** The response_mode=form_post auto-submit form. */
  | { kind: 'form_post'; action: string; fields: Record<string, string> };

// ---------------------------------------------------------------------------------------------
// The slice of oidc-provider's API this harness uses.

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface ProviderContext {
  oidc: {
    provider: OidcProvider;
    client: { clientId: string } | undefined;
    session: { accountId: string | undefined };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
  };
}

interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: Record<string, unknown>;
  session?: { accountId: string };
}

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  on(event: 'server_error', listener: (ctx: unknown, error: unknown) => void): void;
  Grant: new (properties: { accountId: string; clientId: string }) => Grant;
}

const Provider = UntypedProvider as new (issuer: string, configuration: object) => OidcProvider;

// ---------------------------------------------------------------------------------------------
// Provider

/**
 * A per-provider in-memory store. Passing our own adapter keeps oidc-provider from warning about
 * its development-only one. Expiry is left to the models (they check `exp` themselves).
 */
function memoryAdapter(): (model: string) => object {
  const store = new Map<string, Record<string, unknown>>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const grants = new Map<string, Set<string>>();
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id: string, payload: Record<string, unknown>) {
        store.set(key(id), payload);
        if (typeof payload.uid === 'string') byUid.set(payload.uid, id);
        if (typeof payload.userCode === 'string') byUserCode.set(payload.userCode, id);
        if (typeof payload.grantId === 'string') {
          const members = grants.get(payload.grantId) ?? new Set<string>();
          members.add(key(id));
          grants.set(payload.grantId, members);
        }
      },
      async find(id: string) {
        return store.get(key(id));
      },
      async findByUid(uid: string) {
        const id = byUid.get(uid);
        return id === undefined ? undefined : store.get(key(id));
      },
      async findByUserCode(userCode: string) {
        const id = byUserCode.get(userCode);
        return id === undefined ? undefined : store.get(key(id));
      },
      async consume(id: string) {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const member of grants.get(grantId) ?? []) store.delete(member);
        grants.delete(grantId);
      },
    };
  };
}

/** Grants every OIDC scope and claim the authorization request asks for: no consent page. */
async function grantEverythingRequested(ctx: ProviderContext): Promise<Grant | undefined> {
  const { provider, client: oidcClient, session } = ctx.oidc;
  if (!oidcClient || session.accountId === undefined) return undefined;
  const grant = new provider.Grant({ accountId: session.accountId, clientId: oidcClient.clientId });
  grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
  grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
  await grant.save();
  return grant;
}

function accountClaims(subject: string, account: TestAccount | undefined): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: subject };
  if (account?.email !== undefined) claims.email = account.email;
  if (account?.emailVerified !== undefined) claims.email_verified = account.emailVerified;
  if (account?.name !== undefined) claims.name = account.name;
  if (account?.picture !== undefined) claims.picture = account.picture;
  return claims;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The interaction pages oidc-provider sends the browser to (`/interaction/:uid`): GET renders a
 * log-in form, POST signs in the posted `login` as the subject. A consent prompt (only reachable
 * if automatic grants miss something) is answered by granting what is missing.
 */
async function handleInteraction(
  provider: OidcProvider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const action = `/interaction/${encodeURIComponent(details.uid)}`;
  if (req.method === 'GET') {
    const fields =
      details.prompt.name === 'login'
        ? '<input type="hidden" name="prompt" value="login"/>\n' +
          '<input required type="text" name="login" placeholder="Subject"/>\n'
        : `<input type="hidden" name="prompt" value="${escapeHtml(details.prompt.name)}"/>\n`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!DOCTYPE html>\n<html><head><title>Test identity provider</title></head><body>\n` +
        `<form method="post" action="${escapeHtml(action)}">\n${fields}` +
        `<button type="submit">Continue</button>\n</form>\n</body></html>`,
    );
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const body = new URLSearchParams(await readBody(req));
  if (details.prompt.name === 'login') {
    const login = body.get('login');
    if (!login) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('login is required');
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === 'consent' && details.session) {
    const grant = new provider.Grant({
      accountId: details.session.accountId,
      clientId: String(details.params.client_id),
    });
    if (details.prompt.details.missingOIDCScope) {
      grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
    }
    if (details.prompt.details.missingOIDCClaims) {
      grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
    }
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
    return;
  }
  res.writeHead(501, { 'content-type': 'text/plain' }).end(`prompt ${details.prompt.name} not supported`);
}

/**
 * Rejects an authorization request whose response_mode (default query) the client does not list,
 * as Apple rejects a query response when names or emails are asked for.
 */
function disallowedResponseMode(url: URL, clients: TestClient[]): string | undefined {
  const registered = clients.find((c) => c.clientId === url.searchParams.get('client_id'));
  if (!registered) return undefined; // oidc-provider answers unknown clients itself
  const mode = url.searchParams.get('response_mode') ?? 'query';
  const allowed: string[] = registered.responseModes ?? ['query'];
  return allowed.includes(mode) ? undefined : mode;
}

export async function startTestIdentityProvider(options: {
  clients: TestClient[];
  /** subject → claims. Any subject not listed still logs in, with no extra claims. */
  accounts?: Record<string, TestAccount>;
}): Promise<TestIdentityProvider> {
  const accounts = options.accounts ?? {};
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };

  // Listen first: the issuer must name the port.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey] },
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      ...(c.clientSecret === undefined
        ? { token_endpoint_auth_method: 'none' }
        : // openid-client's default (and what Apple's token endpoint takes).
          { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_post' }),
      redirect_uris: c.redirectUris,
      // oidc-provider only accepts private-use schemes (com.example.app:/cb) from native clients.
      application_type: c.redirectUris.every((uri) => /^https?:/i.test(uri)) ? 'web' : 'native',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      id_token_signed_response_alg: 'RS256',
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    scopes: ['openid'],
    // Put the scope's claims in the ID token as Google and Apple do, not only in /userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, subject: string) => ({
      accountId: subject,
      claims: async () => accountClaims(subject, accounts[subject]),
    }),
    loadExistingGrant: grantEverythingRequested,
    features: { devInteractions: { enabled: false } },
    // PKCE (S256 only) is required for public clients, optional for confidential ones: the default.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Explicit values, so oidc-provider does not print notices about its defaults.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 86_400,
    },
    clientBasedCORS: () => true,
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html>\n<html><body><h1>oidc error</h1>\n${Object.entries(out)
        .map(([k, v]) => `<pre>${escapeHtml(k)}: ${escapeHtml(v)}</pre>`)
        .join('\n')}\n</body></html>`;
    },
  });
  provider.on('server_error', (_ctx, error) => {
    console.error('test identity provider: server_error', error);
  });

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) {
      handleInteraction(provider, req, res).catch((error: unknown) => {
        console.error('test identity provider: interaction failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    if (url.pathname === '/auth' && req.method === 'GET') {
      const mode = disallowedResponseMode(url, options.clients);
      if (mode !== undefined) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`unsupported_response_mode: this client does not allow response_mode=${mode}`);
        return;
      }
    }
    callback(req, res);
  });

  return {
    issuer,
    signingKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A browser, roughly

interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

function decodeHtml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|#39);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
    return named[lower] ?? entity;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return undefined;
  return decodeHtml(match[1] ?? match[2] ?? match[3] ?? '');
}

/** The first form of a page: its action, method and named inputs (with their values). */
function parseForm(html: string, pageUrl: URL): HtmlForm | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const [, formAttributes = '', inner = ''] = form;
  const fields: Record<string, string> = {};
  for (const [input] of inner.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (name !== undefined) fields[name] = attribute(input, 'value') ?? '';
  }
  return {
    action: new URL(attribute(formAttributes, 'action') ?? pageUrl.href, pageUrl).href,
    method: (attribute(formAttributes, 'method') ?? 'get').toUpperCase(),
    fields,
  };
}

class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', ...rest] = a.split('=');
        const attributeValue = rest.join('=').trim();
        const lower = key.trim().toLowerCase();
        if (lower === 'max-age') return Number(attributeValue) <= 0;
        if (lower === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function withoutQuery(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * Follows an authorization URL the way a person's browser would: logs in as `subject`,
 * grants consent, and stops at the redirect (or form_post) back to the relying party — it
 * does NOT call the relying party. Uses plain fetch with a small cookie jar and manual redirects.
 */
export async function completeAuthorization(
  authorizationUrl: string | URL,
  subject: string,
): Promise<AuthorizationResult> {
  const start = new URL(authorizationUrl);
  const providerOrigin = start.origin;
  const redirectUriParam = start.searchParams.get('redirect_uri');
  const redirectUri = redirectUriParam === null ? undefined : withoutQuery(new URL(redirectUriParam));
  const isRelyingParty = (url: URL) =>
    url.origin !== providerOrigin || (redirectUri !== undefined && withoutQuery(url) === redirectUri);

  const jar = new CookieJar();
  let url = start;
  let method = 'GET';
  let body: URLSearchParams | undefined;

  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), accept: 'text/html' },
    });
    jar.store(response);

    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null) throw new Error(`${response.status} from ${url.href} without a Location`);
      const next = new URL(location, url);
      if (isRelyingParty(next)) return { kind: 'redirect', url: next };
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }

    const html = await response.text();
    const form = response.ok || response.status === 400 ? parseForm(html, url) : undefined;
    if (form && isRelyingParty(new URL(form.action))) {
      // response_mode=form_post: the page would auto-submit this to the relying party.
      return { kind: 'form_post', action: form.action, fields: form.fields };
    }
    if (!response.ok || !form) {
      throw new Error(
        `authorization stopped at ${response.status} ${url.href}: ${html.replace(/\s+/g, ' ').slice(0, 1000)}`,
      );
    }
    if ('login' in form.fields) form.fields.login = subject;
    url = new URL(form.action);
    method = form.method;
    body = new URLSearchParams(form.fields);
    if (method === 'GET') {
      url.search = body.toString();
      body = undefined;
    }
  }
  throw new Error(`authorization did not finish within 20 steps (last ${url.href})`);
}

/**
 * What a device SDK does: runs an authorization-code + PKCE flow for `clientId` (a public
 * client registered on the provider) with the given nonce, and returns the ID token string.
 */
export async function obtainIdToken(
  provider: TestIdentityProvider,
  options: { clientId: string; redirectUri: string; subject: string; nonce: string },
): Promise<string> {
  const config = await client.discovery(
    new URL(provider.issuer),
    options.clientId,
    { token_endpoint_auth_method: 'none' },
    client.None(),
    // The issuer is plain http on 127.0.0.1; openid-client marks this deprecated only to stand out.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    { execute: [client.allowInsecureRequests] },
  );
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce: options.nonce,
  });
  const result = await completeAuthorization(authorizationUrl, options.subject);
  if (result.kind !== 'redirect') {
    throw new Error('obtainIdToken: the client answered with form_post; register it with query');
  }
  const tokens = await client.authorizationCodeGrant(config, result.url, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: options.nonce,
    idTokenExpected: true,
  });
  if (tokens.id_token === undefined) throw new Error('obtainIdToken: no id_token in the token response');
  return tokens.id_token;
}
