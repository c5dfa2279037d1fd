/**
 * The maintenance feature's registration (issue 48): areas (admins), defects (maintainers,
 * parents' fixes) and their delivery jobs. Its services are built before the conditions
 * feature, which calls `defects.onBrokenReport` inside each broken report's transaction.
 * The jobs start when the app is ready and stop when it closes; without `deliveries` (tests
 * that do not send) defects are still made but queue nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { LockPlace } from '../../lib/capabilities.ts';
import { areasRoutes } from './areas.routes.ts';
import { createAreasService, type AreasService } from './areas.service.ts';
import { defectsRoutes } from './defects.routes.ts';
import { createDefectsService, type DefectsDeps, type DefectsService } from './defects.service.ts';
import { createDelivery } from './delivery/deliver.ts';
import {
  createDeliveryJobs,
  DEFAULT_DELIVERY_SETTINGS,
  type DeliveryJobs,
  type DeliverySettings,
} from './delivery/delivery-jobs.ts';
import { createMailSender, type MailSettings } from './delivery/mail-sender.ts';

export type { DeliverySettings } from './delivery/delivery-jobs.ts';
export type { MailSettings } from './delivery/mail-sender.ts';

/** Sending defects: the e-mail settings (null: none) and the jobs' timing. */
export interface DeliveryOptions {
  mail: MailSettings | null;
  settings?: Partial<DeliverySettings>;
}

/** What the app was given (AppOptions): the database, its address, how to send. */
export interface MaintenanceOptions {
  database: DatabaseHandle;
  auth: { publicUrl: URL };
  /** Absent: no delivery jobs in this app (most tests). */
  deliveries?: DeliveryOptions | undefined;
}

/** What other features give it (app.ts). */
export interface MaintenanceDeps {
  now: () => Date;
  urlFor: (key: string) => string;
  lockPlace: LockPlace;
  endBrokenReports: DefectsDeps['endBrokenReports'];
}

export interface MaintenanceFeature {
  areas: AreasService;
  defects: DefectsService;
  /** For the conditions feature, inside each broken report's transaction. */
  onBrokenReport: DefectsService['onBrokenReport'];
}

export function createMaintenanceFeature(
  app: FastifyInstance,
  options: MaintenanceOptions,
  deps: MaintenanceDeps,
): MaintenanceFeature {
  const { database, deliveries } = options;
  const publicUrl = options.auth.publicUrl.href;
  let jobs: DeliveryJobs | null = null;
  const defects = createDefectsService({
    ...deps,
    database,
    publicUrl,
    enqueueDelivery: deliveries
      ? (tx, defectId) => (jobs ? jobs.enqueue(tx, defectId) : Promise.resolve())
      : null,
  });
  if (deliveries) {
    const mail = createMailSender(deliveries.mail);
    const delivery = createDelivery({
      database,
      now: deps.now,
      sendMail: mail.send,
      publicUrl,
      urlFor: deps.urlFor,
      closedByOpen311: (defectId) => defects.closedByOpen311(defectId),
    });
    const started = createDeliveryJobs(
      database.jobQueueConnection,
      { ...DEFAULT_DELIVERY_SETTINGS, ...deliveries.settings },
      delivery,
      app.log,
    );
    app.addHook('onReady', async () => {
      await started.start();
      jobs = started;
    });
    app.addHook('onClose', async () => {
      jobs = null;
      await started.stop();
      mail.close();
    });
  }
  return {
    areas: createAreasService({ database }),
    defects,
    onBrokenReport: (tx, event) => defects.onBrokenReport(tx, event),
  };
}

export async function registerMaintenanceFeature(
  app: FastifyInstance,
  feature: MaintenanceFeature,
): Promise<void> {
  await app.register(areasRoutes(feature.areas));
  await app.register(defectsRoutes(feature.defects));
}
