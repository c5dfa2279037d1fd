/**
 * The SQL side: pgbench scripts made of the statements the API really sends. A server with
 * capture-sql.ts preloaded answers a few requests carrying marker values; the statements
 * they cause are turned into a pgbench script in which the markers become the variables
 * that pgbench draws per transaction, and every other parameter a constant.
 *
 * The capturing server runs with MAP_INDEX=off: with its in-memory map index on, the server
 * answers the map without asking the database at all. Off, it sends the statements the
 * database would have to run for the same question, which is what the SQL side measures.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapIndexHealth, startServer } from './api.ts';
import type { CapturedStatement } from './capture-sql.ts';
import { CITIES } from './cities.ts';
import {
  boxPath,
  PAGE_LIMIT,
  radiusPath,
  VIEWPORT_HALF_HEIGHT,
  VIEWPORT_HALF_WIDTH,
  type Centre,
  type ViewportBox,
} from './workload.ts';

/**
 * places.service.ts: up to this many spots in view come as points, more as clusters.
 * (Not imported: the service module pulls in Fastify type augmentations that only the
 * server's own tsconfig sees. The capture checks the count statement still asks for one
 * more than this.)
 */
const VIEWPORT_POINT_LIMIT = 300;

/** Marker arguments: exact in binary, far from any seeded city, distinct from each other. */
const MARK_CENTRE: Centre = { lat: 11.0625, lng: 22.0625 };
const MARK_BOX: ViewportBox = { west: 22.03125, south: 11.046875, east: 22.09375, north: 11.078125 };

export interface PgbenchScript {
  text: string;
  /** `-M prepared` when the server sends these statements prepared, else `-M extended`. */
  mode: 'prepared' | 'extended';
}

export interface PgbenchScripts {
  radius: PgbenchScript;
  viewport: PgbenchScript;
}

interface Captured {
  radius: CapturedStatement[];
  viewportPoints: CapturedStatement[];
  viewportClusters: { statements: CapturedStatement[]; box: ViewportBox };
}

/** Starts a capturing server, sends it the marked requests, and builds the scripts. */
export async function pgbenchScripts(
  databaseUrl: string,
  workDirectory: string,
  centres: Centre[],
): Promise<PgbenchScripts> {
  const captured = await captureEndpoints(databaseUrl, path.join(workDirectory, 'captured-sql.jsonl'));
  return {
    radius: radiusScript(captured.radius, centres),
    viewport: viewportScript(captured, centres),
  };
}

async function captureEndpoints(databaseUrl: string, captureFile: string): Promise<Captured> {
  const server = await startServer(databaseUrl, { captureFile, env: { MAP_INDEX: 'off' } });
  try {
    // An index that answers from memory would leave nothing to capture (or only part of it).
    const { state } = await mapIndexHealth(server.baseUrl);
    if (state !== 'off') {
      throw new Error(`The SQL capture needs the server's map index off (MAP_INDEX=off), but it is ${state}`);
    }
    /** The statements the server sent while answering `requestPath`. */
    const statementsOf = async (
      requestPath: string,
    ): Promise<{ body: unknown; statements: CapturedStatement[] }> => {
      const offset = await fileSize(captureFile);
      const response = await fetch(`${server.baseUrl}${requestPath}`);
      if (!response.ok)
        throw new Error(`${requestPath} answered ${String(response.status)}: ${await response.text()}`);
      const body: unknown = await response.json();
      const lines = (await readFile(captureFile, 'utf8')).slice(offset).split('\n');
      const statements = lines
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as CapturedStatement);
      return { body, statements };
    };
    const radius = await statementsOf(radiusPath(MARK_CENTRE));
    const points = await statementsOf(boxPath(MARK_BOX));
    return {
      radius: radius.statements,
      viewportPoints: points.statements,
      viewportClusters: await captureClusters(statementsOf),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The clusters statement only runs for a box holding more than 300 spots: boxes of growing
 * size around the largest city until one does (the whole map when the seed is small).
 */
async function captureClusters(
  statementsOf: (requestPath: string) => Promise<{ body: unknown; statements: CapturedStatement[] }>,
): Promise<Captured['viewportClusters']> {
  const [city] = CITIES;
  if (!city) throw new Error('No cities');
  const boxes = [0.1, 1, 10].map((half) => ({
    west: city.lng - half,
    south: city.lat - half,
    east: city.lng + half,
    north: city.lat + half,
  }));
  boxes.push({ west: -179.99, south: -89.99, east: 179.99, north: 89.99 });
  for (const box of boxes) {
    const { body, statements } = await statementsOf(boxPath(box));
    if ((body as { kind?: unknown }).kind === 'clusters') return { statements, box };
  }
  throw new Error('No viewport box answered with clusters: is the database seeded?');
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------
// Scripts
// ---------------------------------------------------------------------------------------

/** The statements that carry all of `markers` among their parameters, in the order sent. */
function carrying(statements: CapturedStatement[], markers: number[]): CapturedStatement[] {
  return statements.filter((statement) => markers.every((marker) => statement.values.includes(marker)));
}

function unexpected(what: string, statements: CapturedStatement[]): Error {
  const listing = statements.map((statement) => `  ${statement.text} -- ${JSON.stringify(statement.values)}`);
  if (listing.length === 0) listing.push('  (no statement: did the server answer from memory?)');
  return new Error(
    `The API's SQL for ${what} no longer has the shape bench/lib/sql-scripts.ts expects; ` +
      `update the script builder. Captured:\n${listing.join('\n')}`,
  );
}

/**
 * pgbench text of one statement: each `$n` becomes the variable its marker value names, or
 * else a constant variable holding the value the server sent.
 */
function toPgbench(
  statement: CapturedStatement,
  markers: ReadonlyMap<number, string>,
  constants: Constants,
): string {
  // Comments go first: once the statement is on one line, a `--` would hide the rest of it.
  const sql = withoutComments(statement.text);
  // pgbench reads `:name` as a variable anywhere in the text (casts `::type` are fine).
  const stray = /(?<!:):[A-Za-z_]\w*/.exec(sql);
  if (stray) {
    throw new Error(`pgbench would read "${stray[0]}" in the API's SQL as a variable: ${statement.text}`);
  }
  const text = sql.replace(/\$(\d+)/g, (_match, digits: string) => {
    const value = statement.values[Number(digits) - 1];
    if (typeof value === 'number') return `:${markers.get(value) ?? constants.nameOf(value)}`;
    return literalOf(value, `$${digits}`);
  });
  // pgbench ends a statement at the end of the line: one line each.
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A parameter pgbench cannot hold in a variable (its `\set` takes numbers only) as an SQL
 * literal in the statement. A quoted literal without a cast is typed from its context, as the
 * unbound parameter was. Values arrive as the capture wrote them to JSON: a timestamp as its
 * ISO text, an array as a JSON array (sent by node-postgres as an array literal).
 */
export function literalOf(value: unknown, parameter: string): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return quoted(value, parameter);
  if (Array.isArray(value)) return quoted(arrayLiteral(value, parameter), parameter);
  throw new Error(`pgbench cannot bind ${parameter} = ${JSON.stringify(value)} (no literal for this type)`);
}

function quoted(text: string, parameter: string): string {
  // pgbench would read `:name` inside the literal as one of its variables.
  if (/(?<!:):[A-Za-z_]/.test(text)) {
    throw new Error(`pgbench would read a variable inside ${parameter} = ${JSON.stringify(text)}`);
  }
  return `'${text.replace(/'/g, "''")}'`;
}

/** PostgreSQL's array text, `{"a","b"}`, as node-postgres writes a JavaScript array. */
function arrayLiteral(values: readonly unknown[], parameter: string): string {
  const elements = values.map((element) => {
    if (element === null) return 'NULL';
    if (typeof element === 'number' || typeof element === 'boolean') return String(element);
    if (typeof element === 'string') return `"${element.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    if (Array.isArray(element)) return arrayLiteral(element, parameter);
    throw new Error(`pgbench cannot bind ${parameter}: an array holding ${JSON.stringify(element)}`);
  });
  return `{${elements.join(',')}}`;
}

/**
 * The SQL without its line (`--`) and block comments (the repository's queries explain
 * themselves inline), leaving quoted strings and identifiers as they are.
 */
function withoutComments(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    const next = text[index + 1];
    if (char === "'" || char === '"') {
      // A quoted string or identifier, up to its closing quote (doubled quotes stay inside).
      let end = index + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end === -1) throw new Error(`Unterminated ${char} quote in the API's SQL: ${text}`);
        if (text[end + 1] === char) end += 2;
        else break;
      }
      result += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '-' && next === '-') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
      result += ' ';
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end === -1) throw new Error(`Unterminated /* comment in the API's SQL: ${text}`);
      index = end + 2;
      result += ' ';
    } else {
      result += char;
      index += 1;
    }
  }
  return result;
}

/** The other parameters (limits, radius, grid size…), as `\set` variables named by value. */
class Constants {
  private readonly names = new Map<number, string>();

  nameOf(value: number): string {
    let name = this.names.get(value);
    if (name === undefined) {
      name = `v_${String(value)
        .replace(/-/g, 'minus')
        .replace(/[^0-9a-zA-Z]/g, '_')}`;
      this.names.set(value, name);
    }
    return name;
  }

  lines(): string[] {
    return [...this.names].map(([value, name]) => `\\set ${name} ${String(value)}`);
  }
}

/**
 * A pgbench expression picking values[k]: a balanced tree of CASEs, about ten comparisons
 * deep for a thousand centres (a flat CASE would cost a thousand).
 */
function pickExpression(values: number[], from = 0, to = values.length): string {
  if (to - from === 1) return String(values[from]);
  const middle = Math.floor((from + to) / 2);
  return `case when :k < ${middle} then ${pickExpression(values, from, middle)} else ${pickExpression(values, middle, to)} end`;
}

/** Per transaction, one of the same centres the API side uses, at random. */
function centreLines(centres: Centre[]): string[] {
  return [
    `\\set k random(0, ${String(centres.length - 1)})`,
    `\\set lat ${pickExpression(centres.map((centre) => centre.lat))}`,
    `\\set lng ${pickExpression(centres.map((centre) => centre.lng))}`,
  ];
}

const modeOf = (statement: CapturedStatement): PgbenchScript['mode'] =>
  statement.name === null ? 'extended' : 'prepared';

/**
 * The page query: the one statement that carries the centre and asks for one row more than
 * the page holds (so the service knows whether a next page follows). Tag counts and photos
 * come with its rows. The only other statement the summaries send without the index is the
 * question which of the page's places have a public event today (their ids, no centre), and
 * only when the page has places; the benchmark's spots have no events, so pgbench leaves it
 * out. Anything else carrying the centre means the shape changed: stop and show it.
 */
function radiusScript(statements: CapturedStatement[], centres: Centre[]): PgbenchScript {
  const withCentre = carrying(statements, [MARK_CENTRE.lat, MARK_CENTRE.lng]);
  const pages = withCentre.filter((statement) => statement.values.includes(PAGE_LIMIT + 1));
  const [page] = pages;
  if (!page || pages.length !== 1 || withCentre.length !== 1) {
    throw unexpected(
      `the radius page (one statement with the centre and limit ${String(PAGE_LIMIT + 1)}; ` +
        `found ${String(pages.length)} such among ${String(withCentre.length)} with the centre)`,
      statements,
    );
  }
  const constants = new Constants();
  const markers = new Map([
    [MARK_CENTRE.lat, 'lat'],
    [MARK_CENTRE.lng, 'lng'],
  ]);
  const statement = toPgbench(page, markers, constants);
  return {
    text: [...centreLines(centres), ...constants.lines(), statement, ''].join('\n'),
    mode: modeOf(page),
  };
}

const boxMarkers = (box: ViewportBox) =>
  new Map([
    [box.west, 'west'],
    [box.south, 'south'],
    [box.east, 'east'],
    [box.north, 'north'],
  ]);

/**
 * The points statement, which fetches one more row than fits so that the service can tell a
 * crowded box apart without counting first. A box with more than 300 spots also runs the
 * clusters statement; pgbench cannot branch on a row count, and the workload's boxes answer
 * with points (the run reports the share), so the script is the points statement alone.
 */
function viewportScript(captured: Captured, centres: Centre[]): PgbenchScript {
  const markerList = (box: ViewportBox) => [box.west, box.south, box.east, box.north];
  const [points] = carrying(captured.viewportPoints, markerList(MARK_BOX));
  if (!points?.values.includes(VIEWPORT_POINT_LIMIT + 1)) {
    throw unexpected('a viewport with points', captured.viewportPoints);
  }
  // The clusters statement must still follow the points one for a crowded box.
  const [, clusters] = carrying(
    captured.viewportClusters.statements,
    markerList(captured.viewportClusters.box),
  );
  if (!clusters) throw unexpected('a viewport with clusters', captured.viewportClusters.statements);

  const constants = new Constants();
  const pointsText = toPgbench(points, boxMarkers(MARK_BOX), constants);
  const lines = [
    ...centreLines(centres),
    `\\set west :lng - ${String(VIEWPORT_HALF_WIDTH)}`,
    `\\set east :lng + ${String(VIEWPORT_HALF_WIDTH)}`,
    `\\set south :lat - ${String(VIEWPORT_HALF_HEIGHT)}`,
    `\\set north :lat + ${String(VIEWPORT_HALF_HEIGHT)}`,
    ...constants.lines(),
    pointsText,
    '',
  ];
  return { text: lines.join('\n'), mode: modeOf(points) };
}
