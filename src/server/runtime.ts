/**
 * The database the functions use: the process-wide one (src/data/db.ts), or one a test or the local server
 * installs with useDatabase().
 */
import { getDatabase, type Database } from '../data/db';
import { checkFunctionsConfig } from './config';

let override: Database | undefined;

export function useDatabase(db: Database | undefined): void {
  override = db;
}

export function serverDatabase(): Promise<Database> {
  if (override) return Promise.resolve(override);
  // In production a missing DATABASE_URL must fail here, with every missing setting named, not open PGlite.
  checkFunctionsConfig();
  return getDatabase();
}

/** A short, non-guessable id for log lines and the X-Request-Id header. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
