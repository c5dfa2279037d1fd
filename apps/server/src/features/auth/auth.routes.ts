import {
  authOptionsSchema,
  devSignInSchema,
  nativeSignInSchema,
  signedInSchema,
  signInNonceSchema,
  signInProviderParamsSchema,
  webSignInStartQuerySchema,
} from '@playspot/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCurrentUser } from '../users/index.ts';
import type { AuthService, SignInResult } from './auth.service.ts';
import type { SessionCookie } from './request-authentication.ts';
import { registerSignInCallbacks, signInRateLimit } from './sign-in-callback.routes.ts';
import { emptyResponse } from '../../lib/api-document.ts';

/**
 * The development sign-in has no secret to guess and is refused in production; browser tests
 * sign many people in from one address within a minute.
 */
const developmentSignInRateLimit = { max: 300, timeWindow: '1 minute' };

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

    await registerSignInCallbacks(app, { auth, publicUrl: deps.publicUrl, setSessionCookie });

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
