/**
 * Fails when src/db/schema.ts has changes that no committed migration covers: runs
 * `drizzle-kit generate` and checks that it wrote nothing.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const folder = new URL('../src/db/migrations/', import.meta.url);
const before = new Set(readdirSync(folder, { recursive: true }).map(String));
const output = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
  cwd: new URL('..', import.meta.url),
  encoding: 'utf8',
});
const added = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((file) => !before.has(file));
if (added.length > 0) {
  console.error(`Schema and migrations disagree; drizzle-kit generated: ${added.join(', ')}`);
  console.error('Run `npm run db:generate`, review the SQL and commit it.');
  process.exit(1);
}
console.log(output.trim().split('\n').at(-1));
