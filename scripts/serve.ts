/** npm run serve: serve the already-built dist/ and the functions (no build, no seeding). */
import { startServer } from './lib/server';
import { argValue } from './lib/args';

const server = await startServer({ port: Number(argValue('--port') ?? process.env.PORT ?? 8888), log: console.error });
console.log(`Serving ${server.url}`);
