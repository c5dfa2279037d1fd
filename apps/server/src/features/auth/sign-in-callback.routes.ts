/**
 * The web sign-in's return from the provider (registered by auth.routes.ts): a GET, or
 * Apple's cross-site form POST, ends on a small page that closes the popup or redirects.
 */
import formbody from '@fastify/formbody';
import { signInProviderParamsSchema, storableString } from '@playspot/core';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { AuthService, SignInResult } from './auth.service.ts';
import { signInCallbackPage } from './callback-page.ts';

/** Sign-in endpoints are the favourite target of credential stuffing: keep them slow. */
export const signInRateLimit = { max: 20, timeWindow: '1 minute' };

/**
 * What providers send back. They add parameters of their own (Google: scope, authuser,
 * prompt, hd), so unknown fields are tolerated here, unlike everywhere else.
 */
const callbackParamsSchema = z.looseObject({
  code: storableString().max(4096).optional(),
  state: storableString().max(512).optional(),
  error: storableString().max(200).optional(),
  /** Apple, first sign-in only: JSON with the person's name. */
  user: storableString().max(4096).optional(),
});

export async function registerSignInCallbacks(
  app: RouteApp,
  deps: {
    auth: AuthService;
    publicUrl: URL;
    setSessionCookie: (reply: FastifyReply, result: SignInResult) => unknown;
  },
): Promise<void> {
  const { auth, setSessionCookie } = deps;

  const finishCallback = async (
    reply: FastifyReply,
    run: () => ReturnType<AuthService['completeWebSignIn']>,
  ) => {
    let result: Awaited<ReturnType<AuthService['completeWebSignIn']>>;
    try {
      result = await run();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return sendCallbackPage(reply, error.statusCode, {
        ok: false,
        message: error.message,
        returnTo: '/',
      });
    }
    setSessionCookie(reply, result);
    if (result.mode === 'redirect') return reply.redirect(result.returnTo, 303);
    return sendCallbackPage(reply, 200, {
      ok: true,
      message: 'You are signed in.',
      returnTo: result.returnTo,
    });
  };

  app.get(
    '/api/auth/:provider/callback',
    {
      schema: { hide: true, params: signInProviderParamsSchema, querystring: callbackParamsSchema },
      config: { access: 'public', rateLimit: signInRateLimit },
    },
    async (request, reply) =>
      finishCallback(reply, () =>
        auth.completeWebSignIn(request.params.provider, {
          request: new URL(request.url, deps.publicUrl),
          state: request.query.state,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );

  // Apple answers with a cross-site form POST (response_mode=form_post). It carries no
  // session cookie and is bound to the sign-in by the server-side state, so the CSRF check
  // does not apply. Form bodies are parsed for this route only (its own plugin scope);
  // every other route answers them 415.
  await app.register(async (scope) => {
    const formPost = scope.withTypeProvider<ZodTypeProvider>();
    await formPost.register(formbody);
    formPost.post(
      '/api/auth/:provider/callback',
      {
        schema: { hide: true, params: signInProviderParamsSchema, body: callbackParamsSchema },
        config: { access: 'public', csrf: 'exempt', rateLimit: signInRateLimit },
      },
      async (request, reply) => {
        const callbackUrl = new URL(`/api/auth/${request.params.provider}/callback`, deps.publicUrl);
        const form = new URLSearchParams(
          Object.entries(request.body).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
        return finishCallback(reply, () =>
          auth.completeWebSignIn(request.params.provider, {
            request: new Request(callbackUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: form,
            }),
            state: request.body.state,
            appleUser: request.body.user,
            userAgent: request.headers['user-agent'] ?? null,
          }),
        );
      },
    );
  });
}

function sendCallbackPage(
  reply: FastifyReply,
  status: number,
  outcome: Parameters<typeof signInCallbackPage>[0],
) {
  const page = signInCallbackPage(outcome);
  return reply
    .status(status)
    .header('content-security-policy', `default-src 'none'; script-src '${page.scriptHash}'; base-uri 'none'`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
