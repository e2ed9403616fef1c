/**
 * Background function (Netlify: the name ends in -background; answered 202 at once, runs up to 15 minutes, a
 * payload of at most 256 KB): processes one CSV import row by row (src/server/imports.ts). The payload is only the
 * import's id and its HMAC signature by the upload function, so nobody else can start the processing; the file
 * itself is read from private storage, and each record is written as the staff member who started the import.
 */
import { z } from 'zod';
import { processImport, verifyImportSignature } from '../src/server/imports';
import { serverDatabase } from '../src/server/runtime';

const payload = z.object({ id: z.number().int().positive(), signature: z.string().max(128) });

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const parsed = payload.safeParse(await req.json().catch(() => null));
  if (!parsed.success || !verifyImportSignature(parsed.data.id, parsed.data.signature)) return new Response(null, { status: 403 });
  const started = Date.now();
  const result = await processImport(await serverDatabase(), parsed.data.id);
  console.log(JSON.stringify({ fn: 'import-rows-background', importId: parsed.data.id, status: result?.status ?? 'skipped', ms: Date.now() - started }));
  return new Response(null, { status: 202 });
};
