/**
 * The files iOS (universal links) and Android (app links) fetch from this host to let the
 * native apps open its page links. Served only when configured (APPLE_APP_IDS,
 * ANDROID_CERT_SHA256), else 404 in the API's error shape: declared as routes either way,
 * so the web app's fallback never answers for them with its HTML.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppLinksConfig } from '../../config.ts';
import { ERROR_RESPONSES } from '../../lib/error-responses.ts';
import { notFound } from '../../lib/errors.ts';
import { UNIVERSAL_LINK_PATHS } from './universal-link-paths.ts';

/** Apple's CDN and Android's verifier refetch now and then; an hour keeps a change quick. */
const CACHE_CONTROL = 'public, max-age=3600';

const appleAppSiteAssociationSchema = z.object({
  applinks: z.object({
    details: z.array(
      z.object({
        appIDs: z.array(z.string()),
        components: z.array(z.object({ '/': z.string(), comment: z.string() })),
      }),
    ),
  }),
});

const assetLinksSchema = z.array(
  z.object({
    relation: z.array(z.string()),
    target: z.object({
      namespace: z.literal('android_app'),
      package_name: z.string(),
      sha256_cert_fingerprints: z.array(z.string()),
    }),
  }),
);

/** Both verifiers insist on JSON served as such (Apple's file has no extension to go by). */
const asJson = (reply: FastifyReply) => reply.type('application/json').header('cache-control', CACHE_CONTROL);

export const appLinksRoutes =
  (config: AppLinksConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/.well-known/apple-app-site-association',
      {
        schema: {
          operationId: 'getAppleAppSiteAssociation',
          summary: 'iOS universal links: which app opens which page links (when APPLE_APP_IDS is set)',
          tags: ['app-links'],
          // Outside /api, so the error body is declared here rather than by error-responses.ts.
          response: { ...ERROR_RESPONSES, 200: appleAppSiteAssociationSchema },
        },
        config: { access: 'public' },
      },
      async (_request, reply) => {
        if (config.appleAppIds.length === 0) throw notFound('No iOS app is configured for this server.');
        void asJson(reply);
        return {
          applinks: { details: [{ appIDs: config.appleAppIds, components: [...UNIVERSAL_LINK_PATHS] }] },
        };
      },
    );

    app.get(
      '/.well-known/assetlinks.json',
      {
        schema: {
          operationId: 'getAndroidAssetLinks',
          summary: 'Android app links: the app allowed to open page links (when ANDROID_CERT_SHA256 is set)',
          tags: ['app-links'],
          response: { ...ERROR_RESPONSES, 200: assetLinksSchema },
        },
        config: { access: 'public' },
      },
      async (_request, reply) => {
        if (config.android === null) throw notFound('No Android app is configured for this server.');
        void asJson(reply);
        return [
          {
            relation: ['delegate_permission/common.handle_all_urls'],
            target: {
              namespace: 'android_app' as const,
              package_name: config.android.packageName,
              sha256_cert_fingerprints: config.android.certFingerprints,
            },
          },
        ];
      },
    );
  };
