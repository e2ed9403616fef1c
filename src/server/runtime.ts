/**
 * The database the functions use: the process-wide one (src/data/db.ts), or one a test or the local server
 * installs with useDatabase().
 */
import { getDatabase, type Database } from '../data/db';

let override: Database | undefined;

export function useDatabase(db: Database | undefined): void {
  override = db;
}

export function serverDatabase(): Promise<Database> {
  return override ? Promise.resolve(override) : getDatabase();
}

/** A short, non-guessable id for log lines and the X-Request-Id header. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
