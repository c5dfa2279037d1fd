import formbody from '@fastify/formbody';
import {
  authOptionsSchema,
  devSignInSchema,
  nativeSignInSchema,
  signedInSchema,
  signInNonceSchema,
  signInProviderParamsSchema,
  storableString,
  webSignInStartQuerySchema,
} from '@playspot/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { toCurrentUser } from '../users/user-shapes.ts';
import type { AuthService, SignInResult } from './auth.service.ts';
import { signInCallbackPage } from './callback-page.ts';
import type { SessionCookie } from './request-authentication.ts';
import { emptyResponse } from '../../lib/api-document.ts';

/** Sign-in endpoints are the favourite target of credential stuffing: keep them slow. */
const signInRateLimit = { max: 20, timeWindow: '1 minute' };
/**
 * The development sign-in has no secret to guess and is refused in production; browser tests
 * sign many people in from one address within a minute.
 */
const developmentSignInRateLimit = { max: 300, timeWindow: '1 minute' };

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

export const authRoutes =
  (deps: { auth: AuthService; cookie: SessionCookie; publicUrl: URL }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, cookie } = deps;

    const setSessionCookie = (reply: FastifyReply, result: SignInResult) =>
      reply.setCookie(cookie.name, result.token, { ...cookie.options, expires: result.expiresAt });

    const signedInBody = (result: SignInResult, includeToken: boolean) => ({
      user: toCurrentUser(result.user),
      expiresAt: result.expiresAt.toISOString(),
      isNewUser: result.isNewUser,
      ...(includeToken ? { token: result.token } : {}),
    });

    app.get(
      '/api/auth/options',
      {
        schema: {
          operationId: 'listSignInOptions',
          summary: 'Ways to sign in on this server',
          tags: ['auth'],
          response: { 200: authOptionsSchema },
        },
        config: { access: 'public' },
      },
      async () => auth.options(),
    );

    app.get(
      '/api/auth/:provider/start',
      {
        schema: {
          operationId: 'startWebSignIn',
          summary: 'Start the web sign-in (redirects to the provider)',
          tags: ['auth'],
          params: signInProviderParamsSchema,
          querystring: webSignInStartQuerySchema,
          response: { 302: emptyResponse("To the provider's sign-in page (Location)") },
        },
        config: { access: 'public', rateLimit: signInRateLimit },
      },
      async (request, reply) => {
        const url = await auth.startWebSignIn(request.params.provider, request.query);
        return reply.redirect(url.toString(), 302);
      },
    );

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

    app.post(
      '/api/auth/nonce',
      {
        schema: {
          operationId: 'createSignInNonce',
          summary: 'A one-time nonce for the native sign-in SDK',
          tags: ['auth'],
          response: { 200: signInNonceSchema },
        },
        config: { access: 'public', rateLimit: signInRateLimit },
      },
      async () => {
        const { nonce, expiresAt } = await auth.issueNonce();
        return { nonce, expiresAt: expiresAt.toISOString() };
      },
    );

    app.post(
      '/api/auth/:provider/id-token',
      {
        schema: {
          operationId: 'signInWithIdToken',
          summary: 'Native sign-in: exchange the ID token from the device SDK for a session',
          tags: ['auth'],
          params: signInProviderParamsSchema,
          body: nativeSignInSchema,
          response: { 200: signedInSchema },
        },
        config: { access: 'public', rateLimit: signInRateLimit },
      },
      async (request) => {
        const result = await auth.signInWithIdToken(
          request.params.provider,
          request.body,
          request.headers['user-agent'] ?? null,
        );
        return signedInBody(result, true);
      },
    );

    app.post(
      '/api/auth/development/sign-in',
      {
        schema: {
          operationId: 'signInForDevelopment',
          summary: 'Development only: sign in by choosing a name (no password)',
          tags: ['auth'],
          body: devSignInSchema,
          response: { 200: signedInSchema },
        },
        config: { access: 'public', rateLimit: developmentSignInRateLimit },
      },
      async (request, reply) => {
        const result = await auth.developmentSignIn(
          request.body.userName,
          request.headers['user-agent'] ?? null,
        );
        setSessionCookie(reply, result);
        return signedInBody(result, false);
      },
    );

    app.post(
      '/api/auth/sign-out',
      {
        schema: {
          operationId: 'signOut',
          summary: 'Sign out (ends this session on the server)',
          tags: ['auth'],
          response: { 204: z.null() },
        },
        config: { access: 'signedIn' },
      },
      async (request, reply) => {
        if (request.sessionToken && request.user) await auth.signOut(request.sessionToken, request.user.id);
        reply.clearCookie(cookie.name, cookie.options);
        return reply.status(204).send(null);
      },
    );
  };

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
