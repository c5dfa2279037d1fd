/** Picks the object storage the configuration asks for. */
import { LocalDiskStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3ObjectStorage, type S3StorageOptions } from './s3-storage.ts';

export type StorageOptions = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageOptions);

export function createStorage(options: StorageOptions): ObjectStorage {
  switch (options.kind) {
    case 'local':
      return new LocalDiskStorage(options.root);
    case 's3':
      return new S3ObjectStorage(options);
  }
}
