/**
 * Compiles every Android resource (android/app/src/main/res) with aapt2, as the Android
 * Gradle Plugin's first resource step does: malformed XML, a bad colour or dimension, an
 * unknown resource type or a misnamed file fails here without the Android SDK. Linking
 * (references between resources, the manifest against the platform) needs the SDK's
 * android.jar and is not done (docs/native-apps.md). Debian: `apt-get install aapt`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resDir = fileURLToPath(new URL('../android/app/src/main/res', import.meta.url));
const aapt2 = process.env.AAPT2 ?? 'aapt2';
const out = mkdtempSync(path.join(tmpdir(), 'playspot-aapt2-'));
try {
  const files = readdirSync(resDir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  const result = spawnSync(aapt2, ['compile', '--dir', resDir, '-o', path.join(out, 'resources.zip')], {
    stdio: 'inherit',
  });
  if (result.error) {
    console.error(`Could not run ${aapt2} (Debian: apt-get install aapt): ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(
      `\naapt2 could not compile the Android resources in ${path.relative(process.cwd(), resDir)}`,
    );
    process.exit(result.status ?? 1);
  }
  console.log(`aapt2 compiled all ${String(files.length)} Android resource files.`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
