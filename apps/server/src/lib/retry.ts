import { sqlStateOf } from './database-errors.ts';

/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= attempts || state === undefined || !RETRYABLE.has(state)) throw error;
      // Jittered back-off so the contenders do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
