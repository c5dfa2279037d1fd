/** Being found and embedded (issue 47): its registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type OembedPlace, seoRoutes } from './seo.routes.ts';
import { createSitemaps, type PlaceChangeFeed } from './sitemaps.service.ts';

export interface SeoFeatureDeps {
  readonly db: Database;
  readonly publicUrl: URL;
  readonly siteName: string;
  /** The languages the server draws pages in (one: no language addresses). */
  readonly languages: readonly string[];
  readonly changes: PlaceChangeFeed | null;
  readonly findPlace: (id: string) => Promise<OembedPlace | null>;
}

export async function registerSeoFeature(app: FastifyInstance, deps: SeoFeatureDeps): Promise<void> {
  const origin = deps.publicUrl.origin;
  const sitemaps = createSitemaps({ db: deps.db, origin, languages: deps.languages, changes: deps.changes });
  app.addHook('onClose', (_instance, done) => {
    sitemaps.close();
    done();
  });
  await app.register(
    seoRoutes({
      sitemaps,
      origin,
      siteName: deps.siteName,
      languages: deps.languages,
      findPlace: deps.findPlace,
    }),
  );
}
