/** s3rver, a small S3-protocol server, for tests of the S3 photo store. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starts s3rver (a small S3-protocol server) in a child process. It signs ListObjectsV2
 * continuation tokens with DES, which Node's OpenSSL 3 offers only with the legacy provider:
 * in this process, any listing longer than one page would fail with a 500.
 */
export async function startS3rver(
  directory: string,
  buckets: string[],
): Promise<{ port: number; stop(): Promise<void> }> {
  const script = `
    const S3rver = require('s3rver');
    const server = new S3rver({
      address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1],
      configureBuckets: JSON.parse(process.argv[2]).map((name) => ({ name })),
    });
    server.run().then(({ port }) => console.log(JSON.stringify({ port })));
    process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
  `;
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', script, directory, JSON.stringify(buckets)],
    { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const [firstLine] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(() => {
      throw new Error('s3rver exited before listening');
    }),
  ])) as [string];
  const { port } = JSON.parse(firstLine) as { port: number };
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
