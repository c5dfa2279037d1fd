/**
 * A server of its own for browser tests that need a moderator or an admin. Roles are given
 * the way an operator gives them (`npm run create-admin`, apps/server/src/cli/set-role.ts),
 * which needs the embedded database to itself: start, sign the people in once, stop, set
 * the roles, start again. The shared Playwright server cannot be stopped, hence this one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserRole } from '@playspot/core';

export interface Person {
  readonly userName: string;
  readonly role: UserRole;
}

export interface RoleServer {
  readonly baseURL: string;
  readonly stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

export async function waitForHealth(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server stopped (exit ${child.exitCode}) while starting`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy within 2 minutes');
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  // A server stuck in a request would otherwise keep the run waiting.
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

export async function startRoleServer(
  people: readonly Person[],
  options: { clockStart?: Date; env?: Record<string, string> } = {},
): Promise<RoleServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'playspot-e2e-roles-')),
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // The server's clock starts there (development only): a known weekday and hour.
    ...(options.clockStart ? { CLOCK_START: options.clockStart.toISOString() } : {}),
    ...options.env,
  };
  const start = async () => {
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(baseURL, child);
    return child;
  };

  const first = await start();
  for (const person of people) {
    const response = await fetch(`${baseURL}/api/auth/development/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: person.userName }),
    });
    if (!response.ok) throw new Error(`Signing in ${person.userName} failed: ${response.status}`);
  }
  await stopProcess(first);

  for (const person of people.filter((candidate) => candidate.role !== 'basic')) {
    const result = spawnSync(
      process.execPath,
      ['apps/server/src/cli/set-role.ts', person.userName, '--role', person.role],
      { env, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`set-role ${person.userName}: ${result.stderr}`);
  }

  const server = await start();
  return { baseURL, stop: () => stopProcess(server) };
}
