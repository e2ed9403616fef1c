import type { TestProject } from 'vitest/node';
import { ensurePgServer, type PgServer } from '../../../scripts/lib/pg-server';

let server: PgServer | undefined;

export async function setup(project: TestProject) {
  server = await ensurePgServer();
  project.provide('pgServerUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}
