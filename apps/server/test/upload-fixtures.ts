/** Photo uploads inside app.inject tests: a real small picture sent as a browser would. */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { SignedInTestUser } from './sign-in.ts';

/** A small orange PNG. */
export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 140, b: 40 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file in the field `photo`. */
export function multipartPhoto(file: Buffer, fileName = 'photo.png', contentType = 'image/png') {
  const boundary = `----playspot${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads a small picture (PUT for deal pictures, POST otherwise); returns its stored URLs. */
export async function uploadPhoto(
  app: FastifyInstance,
  user: SignedInTestUser,
  url: string,
): Promise<{ url: string; thumbnailUrl: string }> {
  const body = multipartPhoto(await smallPng());
  const response = await app.inject({
    method: url.startsWith('/api/deals/') ? 'PUT' : 'POST',
    url,
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (response.statusCode !== 200 && response.statusCode !== 201) {
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  const json = response.json<{
    url?: string;
    thumbnailUrl?: string;
    photo?: { url: string; thumbnailUrl: string };
  }>();
  const photo = json.photo ?? { url: json.url ?? '', thumbnailUrl: json.thumbnailUrl ?? '' };
  return photo;
}

/** The storage key of a URL served through /api/files/. */
export function storageKeyOf(url: string): string {
  return url.replace(/^\/api\/files\//, '');
}

type MultipartPart =
  { name: string; value: string } | { name: string; file: Buffer; fileName: string; contentType: string };

/** A multipart/form-data body of the given parts, in order (text fields and files). */
export function multipartParts(parts: MultipartPart[]) {
  const boundary = `----playspot${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      'file' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`,
    ),
    'file' in part ? part.file : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
