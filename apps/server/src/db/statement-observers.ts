/**
 * Who wants to know of every statement a database handle sends (drizzle's logger hook):
 * tests that prove a read asks the database nothing, and later metrics. Nobody by default.
 */
import type { Logger } from 'drizzle-orm/logger';

export type StatementListener = (statement: string) => void;

export class StatementObservers implements Logger {
  private readonly listeners = new Set<StatementListener>();

  logQuery(query: string): void {
    for (const listener of this.listeners) listener(query);
  }

  /** Calls `listener` with each statement sent from now on, until the returned function is called. */
  add(listener: StatementListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
