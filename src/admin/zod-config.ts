/**
 * Imported first by the admin app (src/admin/App.tsx), before any module builds a schema: the pages'
 * Content-Security-Policy allows no eval (src/server/headers.ts), and zod would otherwise probe for it with
 * `new Function` (a policy violation each time); it parses just as well without.
 */
import { z } from 'zod';

z.config({ jitless: true });
