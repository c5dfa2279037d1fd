/**
 * What a maintainer receives about a defect (issue 48): a plain-text e-mail a council's ticket
 * system can file, and the fields of an Open311 GeoReport v2 service request. Only what is
 * public about the place: its name, its position, the equipment, the public times of the
 * reports (5 minutes, core publicReportedAt), how many parents said so and the photos as
 * published (faces blurred). Never a parent's name, e-mail or position.
 */
import { publicReportedAt, type Equipment } from './conditions.ts';
import { equipmentWords } from './defects.ts';
import type { LatLng } from './geo.ts';

export interface DefectMessage {
  readonly defectId: string;
  readonly areaName: string;
  readonly placeName: string;
  /** The place's page in PlaySpot. */
  readonly placeUrl: string;
  readonly position: LatLng;
  readonly equipment: Equipment;
  readonly firstReportedAt: Date;
  readonly lastConfirmedAt: Date;
  readonly parents: number;
  /** Absolute links to the photos, as PlaySpot publishes them. */
  readonly photoUrls: readonly string[];
  /** Marked fixed, then reported broken again within FIX_CONTRADICTION_HOURS. */
  readonly reopened: boolean;
}

/** The position to 6 decimals (about 10 cm): the place's own, never a parent's. */
function coordinate(value: number): string {
  return value.toFixed(6);
}

/** A map link anyone can open: OpenStreetMap at street level. */
export function mapLinkOf(position: LatLng): string {
  const lat = coordinate(position.lat);
  const lng = coordinate(position.lng);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=19/${lat}/${lng}`;
}

/** "2026-11-24 09:05 UTC": the public time, to 5 minutes. */
export function publicTimeText(at: Date): string {
  const iso = publicReportedAt(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** One line, never a header injection: control characters and line breaks become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

export function defectMailSubject(message: DefectMessage): string {
  const broken = message.reopened ? 'Broken again:' : 'Broken';
  return oneLine(`${broken} ${equipmentWords(message.equipment)} at ${message.placeName} (PlaySpot)`);
}

/** The e-mail's plain-text body, one fact a line, for a person or a ticket system. */
export function defectMailText(message: DefectMessage): string {
  const parents = message.parents === 1 ? '1 parent' : `${message.parents} parents`;
  const lines = [
    `Parents report broken play equipment at a playground you look after (${oneLine(message.areaName)}).`,
    ...(message.reopened
      ? ['It was marked fixed, and parents at the place report it broken again since.']
      : []),
    '',
    `Place: ${oneLine(message.placeName)}`,
    `Position: ${coordinate(message.position.lat)}, ${coordinate(message.position.lng)}`,
    `Map: ${mapLinkOf(message.position)}`,
    `Equipment: ${equipmentWords(message.equipment)}`,
    `What is broken: the ${equipmentWords(message.equipment)} (reported broken by ${parents} at the place)`,
    `First reported: ${publicTimeText(message.firstReportedAt)}`,
    `Last confirmed: ${publicTimeText(message.lastConfirmedAt)}`,
    `Place in PlaySpot: ${message.placeUrl}`,
    '',
    message.photoUrls.length === 0 ? 'Photos: none' : 'Photos:',
    ...message.photoUrls.map((url) => `  ${url}`),
    '',
    `Reference: ${message.defectId}`,
    '',
    'PlaySpot is a free app where parents find and rate play spots. Replies to this message reach',
    'the PlaySpot team, never a parent. When the equipment is fixed, mark it on your maintainer',
    'page in PlaySpot so the parents who reported it see it fixed.',
  ];
  return `${lines.join('\n')}\n`;
}

/** GeoReport v2's limit on a description is the server's; 4000 characters is what most take. */
const GEOREPORT_DESCRIPTION_MAX = 4000;

/**
 * The form fields of `POST requests` (GeoReport v2): no email, name, phone, device or account
 * of anyone; the photo as `media_url` (GeoReport takes one).
 */
export function georeportRequestFields(
  message: DefectMessage,
  service: { serviceCode: string; apiKey: string | null },
): Record<string, string> {
  const description = `${defectMailSubject(message)}. ${defectMailText(message)}`.slice(
    0,
    GEOREPORT_DESCRIPTION_MAX,
  );
  return {
    ...(service.apiKey === null ? {} : { api_key: service.apiKey }),
    service_code: service.serviceCode,
    lat: coordinate(message.position.lat),
    long: coordinate(message.position.lng),
    description,
    ...(message.photoUrls[0] === undefined ? {} : { media_url: message.photoUrls[0] }),
  };
}
