/**
 * Imports play spots from open data:
 *   npm run import -- <file> [--source osm|geojson|records|csv] [--dataset <name>] [--licence <id>] [--dry-run] [--bulk]
 *   flat records (a JSON array of objects, or CSV): --lat <field> --lng <field> [--name <field>] [--id <field>] [--tag <field>=<tag>]… [--fact <field>=<fact>]…
 * Overpass API JSON (OSM elements), GeoJSON, or a council's flat feed; OSM data is credited
 * to OpenStreetMap automatically, the rest to --dataset. Re-running updates what changed and adds
 * nothing twice. --bulk speeds up a first load into an empty database (indexes rebuilt once
 * at the end; the table is locked meanwhile). Uses DATABASE_URL, or the embedded database (stop the server first).
 * Exit codes: 0 done (bad records are listed, not fatal), 1 unreadable file or error, 2 usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  answerKeyOf,
  EQUIPMENT_KINDS,
  FACT_KEYS,
  type ImportFormat,
  type RecordMapping,
} from '@playspot/core';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirectoryLockedError } from '../db/data-directory-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { importRecords } from '../features/import/importer.ts';
import { createProgressReporter } from '../features/import/progress.ts';
import { openRecordFile, UnreadableFileError } from '../features/import/read-records.ts';

const USAGE =
  'Usage: npm run import -- <file> [--source osm|geojson|records|csv] [--dataset <name>] [--licence <id>] [--dry-run] [--bulk] [--batch-size <n>]\n' +
  '  records (JSON array) and csv: --lat <field> --lng <field> [--name <field>] [--id <field>] [--tag <field>=<tag>]… [--fact <field>=<fact>]…\n' +
  `  facts: ${FACT_KEYS.join(', ')}; equipment: ${EQUIPMENT_KINDS.join(', ')}`;

class UsageError extends Error {}

interface Arguments {
  file: string;
  format: ImportFormat | undefined;
  csv: boolean;
  mapping: RecordMapping | undefined;
  dataset: string;
  licence: string | null;
  dryRun: boolean;
  bulk: boolean;
  batchSize: number;
}

/** The fields of a flat feed: --lat and --lng required, --tag field=tag and --fact field=fact repeatable. */
function recordMapping(values: {
  lat?: string | undefined;
  lng?: string | undefined;
  name?: string | undefined;
  id?: string | undefined;
  tag?: string[] | undefined;
  fact?: string[] | undefined;
}): RecordMapping {
  if (!values.lat || !values.lng)
    throw new UsageError(`Flat records need --lat and --lng: the fields holding the position. ${USAGE}`);
  const tags: Record<string, string> = {};
  for (const pair of values.tag ?? []) {
    const [field, tag] = pair.split('=', 2).map((part) => part.trim());
    if (!field || !tag) throw new UsageError(`--tag takes <field>=<tag>, got "${pair}". ${USAGE}`);
    tags[field] = tag;
  }
  const facts: Record<string, string> = {};
  for (const pair of values.fact ?? []) {
    const [field, fact] = pair.split('=', 2).map((part) => part.trim());
    if (!field || !fact) throw new UsageError(`--fact takes <field>=<fact>, got "${pair}". ${USAGE}`);
    if (answerKeyOf(fact) === null)
      throw new UsageError(`Unknown fact "${fact}" in --fact ${pair}. ${USAGE}`);
    facts[field] = fact;
  }
  return { lat: values.lat, lng: values.lng, name: values.name, id: values.id, tags, facts };
}

function parse(argv: string[]): Arguments {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      dataset: { type: 'string' },
      licence: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      bulk: { type: 'boolean', default: false },
      'batch-size': { type: 'string', default: '5000' },
      lat: { type: 'string' },
      lng: { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      tag: { type: 'string', multiple: true },
      fact: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError(USAGE);
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError(USAGE);
  const source = values.source;
  if (source !== undefined && !['osm', 'geojson', 'records', 'csv'].includes(source))
    throw new UsageError(`Unknown --source "${source}" (osm, geojson, records or csv). ${USAGE}`);
  const csv = source === 'csv';
  const format = csv ? 'records' : (source as ImportFormat | undefined);
  const mapping = format === 'records' ? recordMapping(values) : undefined;
  if (
    format !== 'records' &&
    (values.lat ?? values.lng ?? values.name ?? values.id ?? values.tag ?? values.fact) !== undefined
  )
    throw new UsageError(
      `--lat, --lng, --name, --id, --tag and --fact are for --source records or csv. ${USAGE}`,
    );
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000)
    throw new UsageError(`--batch-size must be a whole number from 1 to 50000. ${USAGE}`);
  // npm runs workspace scripts in the workspace folder: paths are the user's, from INIT_CWD.
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  return {
    file: resolved,
    format,
    csv,
    mapping,
    dataset: values.dataset?.trim() || path.basename(resolved).replace(/\.[^.]+$/u, ''),
    licence: values.licence?.trim() || null,
    dryRun: values['dry-run'],
    bulk: values.bulk,
    batchSize,
  };
}

async function run(argv: string[]): Promise<number> {
  const args = parse(argv);
  const input = await openRecordFile(args.file, { csv: args.csv });
  // The first record before the database: a wrong or broken file fails in a moment.
  const first = await input.records.next();
  if (first.done) {
    console.error(
      `${args.file} has no records: expected an Overpass API answer ("elements"), a GeoJSON FeatureCollection ("features"), a JSON array or CSV rows.`,
    );
    return 1;
  }
  async function* records(): AsyncGenerator {
    yield first.value;
    yield* input.records;
  }
  const reporter = createProgressReporter(process.stderr, () => input.readFraction());
  const database = args.dryRun
    ? null
    : await openConfiguredDatabase(loadConfig(), (message) => {
        console.error(message);
      });
  try {
    await database?.migrate();
    const summary = await importRecords(database?.db ?? null, records(), {
      format: args.format,
      mapping: args.mapping,
      dataset: { source: args.dataset, licence: args.licence },
      dryRun: args.dryRun,
      bulk: args.bulk,
      batchSize: args.batchSize,
      // OSM data is read twice: first for play equipment mapped apart from its playground.
      ...(args.csv || args.format === 'records'
        ? {}
        : { prescan: (await openRecordFile(args.file, { csv: false })).records }),
      onProblem: (problem) => {
        reporter.problem(problem);
      },
      onProgress: (counts) => {
        reporter.progress(counts);
      },
    });
    reporter.finish(summary, args.dryRun);
    return 0;
  } finally {
    await database?.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(2);
    }
    if (
      error instanceof UnreadableFileError ||
      error instanceof ConfigError ||
      error instanceof DataDirectoryLockedError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
