/**
 * Object storage in a folder on the server's disk (default `<DATA_DIR>/uploads`).
 *
 * Layout: the object under key `a/b.webp` is the file `<root>/a/b.webp`, and its content type
 * is the text file `<root>/a/b.webp~type` beside it. `~` is not allowed in keys, so no key can
 * ever name a content-type file or a temporary file (`<file>~<uuid>.tmp`).
 *
 * Writes go to a temporary file that is then renamed over the target, so a reader (or a crash)
 * sees the old or the new object, never half of one. The content type is written before the
 * body: a visible body always has its type beside it.
 */
import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FILES_ROUTE_PREFIX,
  assertValidStorageKey,
  assertValidStoragePrefix,
  contentTypeForKey,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

const TYPE_SUFFIX = '~type';

export class LocalDiskStorage implements ObjectStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.fileFor(key);
    // A deletePrefix over the same folder (a place deleted while a photo of it is uploaded)
    // may remove the folder or the temporary file between the steps: start again, a few times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeAtomically(file + TYPE_SUFFIX, contentType);
        await writeAtomically(file, body);
        return;
      } catch (error) {
        if (!isMissing(error) || attempt >= PUT_ATTEMPTS) throw error;
      }
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileFor(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    let contentType: string;
    try {
      contentType = (await readFile(file + TYPE_SUFFIX, 'utf8')).trim();
    } catch (error) {
      if (!isMissing(error)) throw error;
      contentType = contentTypeForKey(key);
    }
    return { body, contentType };
  }

  async delete(key: string): Promise<void> {
    const file = this.fileFor(key);
    await unlink(file).catch(ignoreMissing);
    await unlink(file + TYPE_SUFFIX).catch(ignoreMissing);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidStoragePrefix(prefix);
    // Only the folder holding the prefix's last segment can contain matching files.
    const folder = path.join(this.root, prefix.slice(0, Math.max(prefix.lastIndexOf('/'), 0)));
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    // Folders whose every file matches (e.g. `locations/l1` for `locations/l1/`) are removed too.
    const emptiedFolders = `${this.keyOf(folder)}/`.startsWith(prefix) ? [folder] : [];
    for (const entry of entries) {
      const fullPath = path.join(entry.parentPath, entry.name);
      if (entry.isDirectory()) {
        if (`${this.keyOf(fullPath)}/`.startsWith(prefix)) emptiedFolders.push(fullPath);
      } else if (this.keyOf(fullPath).startsWith(prefix)) {
        await unlink(fullPath).catch(ignoreMissing);
      }
    }
    // Deepest first, so a folder's subfolders are gone before it is removed.
    emptiedFolders.sort((a, b) => b.length - a.length);
    for (const emptied of emptiedFolders) {
      await rmdir(emptied).catch(ignoreMissingOrNotEmpty);
    }
  }

  url(key: string): string {
    assertValidStorageKey(key);
    return FILES_ROUTE_PREFIX + key;
  }

  private fileFor(key: string): string {
    assertValidStorageKey(key);
    const file = path.join(this.root, ...key.split('/'));
    // Valid keys cannot leave the root; this guards against a future change to the key rules.
    if (!file.startsWith(this.root + path.sep)) {
      throw new Error(`Key ${key} resolves outside the storage root`);
    }
    return file;
  }

  /** The key-style (`/`-separated) path of a file or folder under the root. */
  private keyOf(fullPath: string): string {
    return path.relative(this.root, fullPath).split(path.sep).join('/');
  }
}

/** How often put starts again when a concurrent deletePrefix removed what it was writing. */
const PUT_ATTEMPTS = 3;

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = `${file}~${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** ENOTDIR and EISDIR: the key runs through, or names, a folder rather than a file. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}

function ignoreMissingOrNotEmpty(error: unknown): void {
  const code = errorCode(error);
  if (!isMissing(error) && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
}
