/**
 * A fast streaming splitter for the one JSON shape imports have: records in an array, either
 * the whole document or the `elements` / `features` member of the top-level object. It only
 * tracks strings and nesting to find where each record starts and ends, and hands each
 * record's text to the native JSON.parse: about as fast as reading the file, in constant
 * memory (a generic streaming JSON parser built every value token by token, 20× slower).
 */

/** Members of the top-level object whose array holds the records. */
const RECORD_MEMBERS = new Set(['elements', 'features']);

export class JsonRecordError extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** JSON whitespace, and a byte-order mark some editors put at the start. */
const isSpace = (code: number) =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;

/**
 * Yields the parsed records of a JSON document given as text chunks. Throws JsonRecordError
 * when the document is not JSON of that shape (truncated, a record that does not parse, a
 * top level that is neither an array nor an object).
 */
export async function* splitJsonRecords(chunks: AsyncIterable<string>): AsyncGenerator {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Depth inside the records array (1 for a top-level array, 2 inside elements/features). */
  let recordsDepth: number | null = null;
  /** Text of the record being read, across chunks. */
  let pieces: string[] = [];
  let recordStart = -1;
  let recordCount = 0;
  /** The last string seen directly in the top-level object, and where it started. */
  let keyStart = -1;
  let keyPieces: string[] = [];
  let lastKey = '';
  let expectingKeyValue = false;
  let started = false;

  const finishRecord = (text: string) => {
    recordCount += 1;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new JsonRecordError(`record ${recordCount} is not valid JSON (${(error as Error).message})`);
    }
  };

  for await (const chunk of chunks) {
    const records: unknown[] = [];
    for (let i = 0; i < chunk.length; i += 1) {
      const code = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          inString = false;
          if (keyStart !== -1) {
            keyPieces.push(chunk.slice(keyStart, i));
            lastKey = keyPieces.join('');
            keyPieces = [];
            keyStart = -1;
          }
        }
        continue;
      }
      if (isSpace(code)) continue;
      if (!started) {
        started = true;
        if (code === OPEN_BRACKET) recordsDepth = 1;
        else if (code !== OPEN_BRACE) throw new JsonRecordError('expected an array or an object at the top');
      }
      const inRecords = recordsDepth !== null && depth === recordsDepth;
      if (inRecords && recordStart === -1 && code !== COMMA && code !== CLOSE_BRACKET) {
        // A record begins (an object, or anything else, which the importer will report).
        recordStart = i;
      }
      switch (code) {
        case QUOTE:
          inString = true;
          // A string directly in the top-level object: possibly a member name.
          if (depth === 1 && recordsDepth !== 1) {
            keyStart = i + 1;
            expectingKeyValue = false;
          }
          break;
        case COLON:
          if (depth === 1) expectingKeyValue = true;
          break;
        case OPEN_BRACE:
        case OPEN_BRACKET:
          if (
            code === OPEN_BRACKET &&
            depth === 1 &&
            recordsDepth === null &&
            expectingKeyValue &&
            RECORD_MEMBERS.has(lastKey)
          )
            recordsDepth = 2;
          depth += 1;
          break;
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          if (recordsDepth !== null && depth === recordsDepth && recordStart !== -1) {
            // The records array ends right after a primitive record.
            pieces.push(chunk.slice(recordStart, i));
            records.push(finishRecord(pieces.join('')));
            pieces = [];
            recordStart = -1;
          }
          depth -= 1;
          if (depth < 0) throw new JsonRecordError('unbalanced brackets');
          if (recordsDepth !== null && depth === recordsDepth && recordStart !== -1) {
            pieces.push(chunk.slice(recordStart, i + 1));
            records.push(finishRecord(pieces.join('')));
            pieces = [];
            recordStart = -1;
          } else if (recordsDepth !== null && depth === recordsDepth - 1) {
            recordsDepth = recordsDepth === 1 ? 1 : null;
          }
          if (depth === 1) expectingKeyValue = false;
          break;
        case COMMA:
          if (recordsDepth !== null && depth === recordsDepth && recordStart !== -1) {
            pieces.push(chunk.slice(recordStart, i));
            records.push(finishRecord(pieces.join('')));
            pieces = [];
            recordStart = -1;
          }
          if (depth === 1) expectingKeyValue = false;
          break;
        default:
          break;
      }
    }
    if (recordStart !== -1) {
      pieces.push(chunk.slice(recordStart));
      recordStart = 0;
    }
    if (keyStart !== -1) {
      keyPieces.push(chunk.slice(keyStart));
      keyStart = 0;
    }
    yield* records;
  }
  if (!started) throw new JsonRecordError('the file is empty');
  if (depth !== 0 || inString) throw new JsonRecordError('unexpected end of the file');
}
