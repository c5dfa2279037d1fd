/** The "my data" feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { myDataRoutes } from './my-data.routes.ts';
import { createMyDataService, type MyDataDeps } from './my-data.service.ts';

export async function registerMyDataFeature(app: FastifyInstance, deps: MyDataDeps): Promise<void> {
  await app.register(myDataRoutes(createMyDataService(deps)));
}
