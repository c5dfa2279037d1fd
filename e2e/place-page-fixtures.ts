/**
 * Test data for the place page: a parent signed in through the development sign-in on an
 * API context of their own, a place they add, and a real JPEG that still carries GPS EXIF
 * (a drawn playground, so screenshots look like a place rather than a colour block).
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';

export interface Parent {
  readonly userName: string;
  readonly api: APIRequestContext;
}

/** Signs `userName` in on `api` (a browser page's request context shares its cookies). */
export async function signInOn(api: APIRequestContext, baseURL: string, userName: string): Promise<void> {
  const response = await api.post('/api/auth/development/sign-in', {
    headers: { origin: new URL(baseURL).origin },
    data: { userName },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

export async function signInParent(baseURL: string, userName: string): Promise<Parent> {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL).origin },
  });
  await signInOn(api, baseURL, userName);
  return { userName, api };
}

export interface PlaceInput {
  readonly name: string;
  readonly tags: string[];
  readonly latitude?: number;
  readonly longitude?: number;
  readonly description?: string;
  readonly officialWebsite?: string;
}

/** Where addPlace puts a place unless told otherwise. */
export const PLACE_POSITION = { latitude: -36.8601, longitude: 174.7765 };

/** A device reading at the lively place (a visit needs the device there). */
const AT_HARBOUR_VIEW = { lat: -36.8585, lng: 174.779, accuracy: 10 };

export async function addPlace(parent: Parent, input: PlaceInput): Promise<string> {
  const response = await parent.api.post('/api/locations', {
    data: {
      ...PLACE_POSITION,
      ageRanges: ['2-5', '5-12'],
      indoor: false,
      free: true,
      ...input,
    },
  });
  if (response.status() !== 201) throw new Error(`add failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { location: { id: string } }).location.id;
}

export async function addPlacePhoto(parent: Parent, locationId: string, jpeg: Buffer): Promise<void> {
  const response = await parent.api.post(`/api/locations/${locationId}/photos`, {
    multipart: { photo: { name: 'playground.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  if (response.status() !== 201)
    throw new Error(`photo failed: ${response.status()} ${await response.text()}`);
}

/** A sunny playground drawing (sky, grass, slide, swing) as SVG. */
function playgroundSvg(width: number, height: number, hue: 'morning' | 'afternoon'): string {
  const sky = hue === 'morning' ? ['#bae6fd', '#e0f2fe'] : ['#fde68a', '#fef3c7'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#s)"/>
  <circle cx="1000" cy="140" r="70" fill="#fbbf24"/>
  <ellipse cx="300" cy="760" rx="700" ry="260" fill="#86efac"/>
  <ellipse cx="950" cy="790" rx="650" ry="250" fill="#4ade80"/>
  <circle cx="160" cy="430" r="90" fill="#16a34a"/><rect x="150" y="480" width="22" height="140" fill="#92400e"/>
  <rect x="420" y="330" width="24" height="300" fill="#c2410c"/><rect x="560" y="330" width="24" height="300" fill="#c2410c"/>
  <rect x="410" y="320" width="184" height="26" rx="8" fill="#ea580c"/>
  <path d="M590 340 L860 600 L890 600 L620 340 Z" fill="#f97316"/>
  <rect x="640" y="420" width="20" height="210" fill="#0369a1"/><rect x="900" y="420" width="20" height="210" fill="#0369a1"/>
  <rect x="630" y="410" width="300" height="22" rx="8" fill="#0284c7"/>
  <line x1="740" y1="430" x2="740" y2="560" stroke="#1f2937" stroke-width="5"/>
  <line x1="800" y1="430" x2="800" y2="560" stroke="#1f2937" stroke-width="5"/>
  <rect x="725" y="556" width="90" height="16" rx="6" fill="#dc2626"/>
  <rect x="250" y="600" width="160" height="40" rx="10" fill="#fde68a"/>
</svg>`;
}

/** A JPEG with the camera's GPS position in its EXIF, as phones write it. */
export async function playgroundJpegWithGps(hue: 'morning' | 'afternoon' = 'morning'): Promise<Buffer> {
  return sharp(Buffer.from(playgroundSvg(1200, 800, hue)))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '36/1 51/1 35/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '174/1 46/1 31/1',
      },
    })
    .toBuffer();
}

/**
 * A place as it looks after a few families have been: two photos, tag votes, a vote, a
 * visit and a comment with a photo. Returns its id. Used by the screenshots.
 */
export async function seedLivelyPlace(baseURL: string, suffix: string): Promise<string> {
  const creator = await signInParent(baseURL, `Aroha_${suffix}`);
  const id = await addPlace(creator, {
    name: 'Harbour View Playground',
    latitude: AT_HARBOUR_VIEW.lat,
    longitude: AT_HARBOUR_VIEW.lng,
    tags: ['Shade', 'Toilets', 'Fenced toddler area', 'Coffee nearby'],
    description:
      'A big wooden fort with a flying fox, two slides and a fenced corner for toddlers. Plenty of shade under the pōhutukawa trees.',
    officialWebsite: 'https://www.example.org/harbour-view',
  });
  await addPlacePhoto(creator, id, await playgroundJpegWithGps('morning'));
  await addPlacePhoto(creator, id, await playgroundJpegWithGps('afternoon'));
  const friend = await signInParent(baseURL, `Sam_${suffix}`);
  await friend.api.put(`/api/locations/${id}/vote`, { data: { vote: 'up' } });
  await friend.api.put(`/api/locations/${id}/tag-votes`, { data: { tag: 'Shade', vote: 'up' } });
  await friend.api.put(`/api/locations/${id}/tag-votes`, { data: { tag: 'Coffee nearby', vote: 'down' } });
  await friend.api.post(`/api/locations/${id}/visits`, { data: AT_HARBOUR_VIEW });
  const commented = await friend.api.post(`/api/locations/${id}/comments`, {
    data: {
      text: 'Our two-year-old loved the toddler corner. The toilets were clean, but bring your own coffee!',
    },
  });
  const commentId = ((await commented.json()) as { comment: { id: string } }).comment.id;
  await friend.api.post(`/api/locations/${id}/comments/${commentId}/photo`, {
    multipart: {
      photo: {
        name: 'toddler-corner.jpg',
        mimeType: 'image/jpeg',
        buffer: await playgroundJpegWithGps('afternoon'),
      },
    },
  });
  await creator.api.put(`/api/locations/${id}/vote`, { data: { vote: 'up' } });
  await creator.api.post(`/api/locations/${id}/visits`, { data: AT_HARBOUR_VIEW });
  await Promise.all([creator.api.dispose(), friend.api.dispose()]);
  return id;
}
