/**
 * What the delivery jobs do (issue 48). `deliver` sends a defect on each of its area's
 * channels not reached yet (e-mail, Open311), keeping each channel as soon as it is reached, so
 * a retry never repeats one that succeeded; a failure is recorded (the admins' list) and thrown
 * for the queue to retry, and the last attempt marks the delivery failed. `poll` asks the
 * Open311 server whether the request is closed, which fixes the defect.
 */
import {
  defectMailSubject,
  defectMailText,
  georeportRequestFields,
  type DefectMessage,
} from '@playspot/core';
import type { DatabaseHandle } from '../../../db/client.ts';
import * as areas from '../areas.repository.ts';
import * as repository from '../defects.repository.ts';
import * as georeport from './georeport-client.ts';
import type { SendMail } from './mail-sender.ts';

/** How much of a server's error is kept for admins. */
const ERROR_TEXT_MAX = 500;

export interface DeliveryDeps {
  database: DatabaseHandle;
  now: () => Date;
  sendMail: SendMail;
  publicUrl: string;
  urlFor: (key: string) => string;
  /** The Open311 server closed the request: the defect is fixed (defects.service). */
  closedByOpen311: (defectId: string) => Promise<void>;
}

export interface Attempt {
  /** 1 for the first. */
  number: number;
  /** No retry follows this one. */
  last: boolean;
}

export function createDelivery(deps: DeliveryDeps) {
  const db = deps.database.db;
  const absolute = (key: string) => new URL(deps.urlFor(key), deps.publicUrl).href;
  const host = new URL(deps.publicUrl).hostname;

  function messageOf(row: repository.DefectRow): DefectMessage {
    return {
      defectId: row.id,
      areaName: row.areaName,
      placeName: row.placeName,
      placeUrl: new URL(`/locations/${row.placeId}`, deps.publicUrl).href,
      position: { lat: row.latitude, lng: row.longitude },
      equipment: row.equipment,
      firstReportedAt: row.firstReportedAt,
      lastConfirmedAt: row.lastConfirmedAt,
      parents: row.parents,
      photoUrls: row.photoKeys.map((photo) => absolute(photo.key)),
      reopened: row.reopenedAt !== null,
    };
  }

  const serviceOf = (area: areas.AreaRow) =>
    area.open311Endpoint === null || area.open311ServiceCode === null
      ? null
      : { endpoint: area.open311Endpoint, serviceCode: area.open311ServiceCode, apiKey: area.open311ApiKey };

  return {
    /** Sends the defect where it has not gone yet; 'open311' when a request was filed now (poll it). */
    async deliver(defectId: string, attempt: Attempt): Promise<{ filedOpen311: boolean }> {
      const row = await repository.defectById(db, defectId);
      const area = row && (await areas.areaById(db, row.areaId));
      // Gone (the area or place removed), already sent, or answered before it went out.
      if (!row || !area || row.deliveryState === 'sent' || row.resolvedAt !== null)
        return { filedOpen311: false };
      const message = messageOf(row);
      const service = serviceOf(area);
      let filedOpen311 = false;
      try {
        if (area.email !== null && !row.deliveredChannels.includes('email')) {
          await deps.sendMail({
            to: area.email,
            subject: defectMailSubject(message),
            text: defectMailText(message),
            // A reopened defect is a new message, not a repeat of the first.
            messageId: `<defect-${row.id}${row.reopenedAt ? `-${row.reopenedAt.getTime()}` : ''}@${host}>`,
          });
          await repository.recordChannelDelivered(db, row.id, 'email', deps.now());
        }
        if (service && !row.deliveredChannels.includes('open311')) {
          const filed = await georeport.postServiceRequest(service, georeportRequestFields(message, service));
          await repository.recordChannelDelivered(db, row.id, 'open311', deps.now(), filed);
          filedOpen311 = true;
        }
        await repository.recordDeliveryOutcome(db, row.id, {
          state: 'sent',
          attempts: attempt.number,
          error: null,
          at: deps.now(),
        });
        return { filedOpen311 };
      } catch (error) {
        await repository.recordDeliveryOutcome(db, row.id, {
          state: attempt.last ? 'failed' : 'pending',
          attempts: attempt.number,
          error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX),
          at: deps.now(),
        });
        throw error;
      }
    },

    /** Asks the Open311 server about the defect's request: 'done' (closed, or nothing to ask) or 'again'. */
    async poll(defectId: string): Promise<'done' | 'again'> {
      const row = await repository.defectById(db, defectId);
      const area = row && (await areas.areaById(db, row.areaId));
      const service = area && serviceOf(area);
      if (!row || !service || row.resolvedAt !== null) return 'done';
      let requestId = row.open311RequestId;
      if (requestId === null && row.open311Token !== null) {
        requestId = await georeport.requestIdOfToken(service, row.open311Token);
        if (requestId !== null) await repository.recordOpen311RequestId(db, row.id, requestId);
      }
      if (requestId === null) return 'again';
      const status = await georeport.serviceRequestStatus(service, requestId);
      if (status?.toLowerCase() !== 'closed') return 'again';
      await deps.closedByOpen311(row.id);
      return 'done';
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
