/**
 * Streams the records of an import file one at a time, in constant memory: the `elements` of
 * an Overpass API answer (or the bare array of them), or the `features` of a GeoJSON
 * FeatureCollection. A planet-sized extract never has to fit in memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';

/** Each element of `elements` or `features`, or of a top-level array. */
const RECORD_PATH = /^(?:(?:elements|features)\.)?\d+$/u;

export class UnreadableFileError extends Error {}

function unreadable(error: unknown, file: string): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return new UnreadableFileError(`Cannot read ${file}: no such file.`);
  if (code === 'EISDIR') return new UnreadableFileError(`Cannot read ${file}: it is a folder, not a file.`);
  if (code === 'EACCES') return new UnreadableFileError(`Cannot read ${file}: permission denied.`);
  const message = error instanceof Error ? error.message : String(error);
  return new UnreadableFileError(`Cannot read ${file}: not valid JSON (${message}).`);
}

export interface RecordFile {
  records: AsyncGenerator;
  /** How much of the file has been read, 0–1 (for an ETA). */
  readFraction(): number;
}

/** Opens `file`; throws UnreadableFileError when it is missing, a folder or broken JSON. */
export async function openRecordFile(file: string): Promise<RecordFile> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    size = info.size;
  } catch (error) {
    throw unreadable(error, file);
  }
  const input = createReadStream(file);
  async function* records(): AsyncGenerator {
    const pipeline = chain([input, parser(), pick({ filter: RECORD_PATH }), streamValues()]);
    try {
      for await (const item of pipeline as AsyncIterable<{ value: unknown }>) yield item.value;
    } catch (error) {
      throw unreadable(error, file);
    } finally {
      pipeline.destroy();
    }
  }
  return { records: records(), readFraction: () => (size > 0 ? input.bytesRead / size : 1) };
}
