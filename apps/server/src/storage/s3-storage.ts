/**
 * Object storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage…).
 *
 * Objects are private by default and served through `/api/files/<key>`; when the bucket (or a
 * CDN in front of it) is public, `publicBaseUrl` makes browsers download from there instead.
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  FILES_ROUTE_PREFIX,
  assertValidStorageKey,
  assertValidStoragePrefix,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

export interface S3StorageOptions {
  /** For services other than AWS, e.g. `http://127.0.0.1:9000`. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name; most self-hosted services need it. */
  forcePathStyle?: boolean | undefined;
  /** Public base URL of the bucket or its CDN, without the trailing slash. */
  publicBaseUrl?: string | undefined;
  /** Keys listed (and deleted) per request by deletePrefix: at most 1000, the S3 maximum; smaller in tests. */
  listPageSize?: number | undefined;
}

/** DeleteObjects takes at most 1000 keys a request. */
const MAX_PAGE_SIZE = 1000;

export class S3ObjectStorage implements ObjectStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl: string | undefined;
  private readonly listPageSize: number;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      forcePathStyle: options.forcePathStyle ?? false,
      // The SDK's default CRC checksums (aws-chunked uploads with trailers) are not understood
      // by many S3-compatible services; send them only where the API requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
    this.listPageSize = Math.min(options.listPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidStorageKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (response.Body === undefined) return null;
      const body = Buffer.from(await response.Body.transformToByteArray());
      return { body, contentType: response.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidStoragePrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          MaxKeys: this.listPageSize,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `Could not delete ${failed.length} object(s) under ${prefix}: ${first?.Key ?? '?'} (${first?.Code ?? 'unknown'})`,
          );
        }
      }
      continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
  }

  url(key: string): string {
    assertValidStorageKey(key);
    return this.publicBaseUrl === undefined ? FILES_ROUTE_PREFIX + key : `${this.publicBaseUrl}/${key}`;
  }
}
