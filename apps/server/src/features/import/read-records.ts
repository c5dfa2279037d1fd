/**
 * Streams the records of an import file one at a time, in constant memory: the `elements` of
 * an Overpass API answer (or the bare array of them), the `features` of a GeoJSON
 * FeatureCollection, the objects of a JSON array, or the rows of a CSV file (as objects keyed
 * by its header). A planet-sized extract never has to fit in memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { JsonRecordError, splitJsonRecords } from './json-records.ts';

export class UnreadableFileError extends Error {}

function unreadable(error: unknown, file: string): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return new UnreadableFileError(`Cannot read ${file}: no such file.`);
  if (code === 'EISDIR') return new UnreadableFileError(`Cannot read ${file}: it is a folder, not a file.`);
  if (code === 'EACCES') return new UnreadableFileError(`Cannot read ${file}: permission denied.`);
  if (error instanceof JsonRecordError)
    return new UnreadableFileError(`Cannot read ${file}: not valid JSON (${error.message}).`);
  if (error instanceof CsvError)
    return new UnreadableFileError(`Cannot read ${file}: not valid CSV (${error.message}).`);
  const message = error instanceof Error ? error.message : String(error);
  return new UnreadableFileError(`Cannot read ${file}: ${message}.`);
}

export interface RecordFile {
  records: AsyncGenerator;
  /** How much of the file has been read, 0–1 (for an ETA). */
  readFraction(): number;
}

/**
 * Opens `file` (JSON, or CSV with `csv`); throws UnreadableFileError when it is missing, a
 * folder or broken.
 */
export async function openRecordFile(file: string, options: { csv?: boolean } = {}): Promise<RecordFile> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    size = info.size;
  } catch (error) {
    throw unreadable(error, file);
  }
  // utf8 decoding in the stream keeps characters split across chunks whole.
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  async function* records(): AsyncGenerator {
    try {
      if (options.csv) {
        // Rows as objects keyed by the header; a spreadsheet's byte-order mark and blank lines go.
        yield* input.pipe(parseCsv({ columns: true, bom: true, skip_empty_lines: true, trim: true }));
      } else {
        yield* splitJsonRecords(input as AsyncIterable<string>);
      }
    } catch (error) {
      throw unreadable(error, file);
    } finally {
      input.destroy();
    }
  }
  return { records: records(), readFraction: () => (size > 0 ? input.bytesRead / size : 1) };
}
