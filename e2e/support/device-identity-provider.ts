/**
 * Google's and Apple's side of native sign-in, for the browser tests of the app's native code
 * paths: an OpenID issuer per provider (discovery and JWKS, which the real server fetches to
 * verify ID tokens) and, in place of the device's sign-in SDK, `POST /sign-in` that returns an
 * ID token for a test person with the nonce the app passed to the SDK. Run by Playwright as a
 * web server (playwright.config.ts); only ever on 127.0.0.1.
 */
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const port = Number(process.env.IDP_PORT ?? 3198);
const origin = `http://127.0.0.1:${port}`;
const PROVIDERS = ['google', 'apple'] as const;
type Provider = (typeof PROVIDERS)[number];

const { privateKey, publicKey } = await generateKeyPair('RS256');
const publicJwk = { ...(await exportJWK(publicKey)), kid: 'e2e-device-key', alg: 'RS256', use: 'sig' };

const issuerOf = (provider: Provider) => `${origin}/${provider}`;

function providerOf(segment: string | undefined): Provider | null {
  return PROVIDERS.find((provider) => provider === segment) ?? null;
}

interface SignInRequest {
  provider: Provider;
  audience: string;
  subject: string;
  nonce: string;
  email: string;
  name: string;
}

async function idToken(request: SignInRequest): Promise<string> {
  return new SignJWT({ nonce: request.nonce, email: request.email, email_verified: true, name: request.name })
    .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid })
    .setIssuer(issuerOf(request.provider))
    .setAudience(request.audience)
    .setSubject(request.subject)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const [, segment, ...rest] = (req.url ?? '/').split('?')[0]?.split('/') ?? [];
  if (req.method === 'GET' && segment === 'ready') {
    send(200, { ok: true });
    return;
  }
  if (req.method === 'POST' && segment === 'sign-in') {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      idToken(JSON.parse(text) as SignInRequest).then(
        (token) => {
          send(200, { idToken: token });
        },
        (error: unknown) => {
          send(500, { error: String(error) });
        },
      );
    });
    return;
  }
  const provider = providerOf(segment);
  const path = rest.join('/');
  if (req.method === 'GET' && provider && path === '.well-known/openid-configuration') {
    send(200, {
      issuer: issuerOf(provider),
      jwks_uri: `${issuerOf(provider)}/jwks`,
      authorization_endpoint: `${issuerOf(provider)}/authorize`,
      token_endpoint: `${issuerOf(provider)}/token`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    return;
  }
  if (req.method === 'GET' && provider && path === 'jwks') {
    send(200, { keys: [publicJwk] });
    return;
  }
  send(404, { error: 'not found' });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Test identity providers on ${origin}/google and ${origin}/apple`);
});
