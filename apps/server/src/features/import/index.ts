/** The import feature's public entry: what other features (and their tests) may import from it. */
export { importRecords, type ImportSummary, type RecordProblem } from './importer.ts';
export { openRecordFile } from './read-records.ts';
export { seedDemoDataIfEmpty } from './demo/seed-demo.ts';
