/** POST /api/admin/uploads: an image (avatar, logo, banner) checked server-side and stored; answers its public URL. */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { storeUpload, UPLOAD_KINDS, type UploadKind } from '../src/server/storage';

export const adminUpload = defineEndpoint({
  method: 'POST',
  path: '/api/admin/uploads',
  summary: 'Upload an avatar, logo or banner image (JPEG, PNG or WebP; banners under 200 KB)',
  tags: ['admin'],
  auth: 'staff',
  database: 'none',
  body: {
    multipart: z.object({
      kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]]),
      file: z.file(),
    }),
    maxBytes: 3 * 1024 * 1024,
  },
  response: z.object({ url: z.string(), bucket: z.string(), path: z.string(), contentType: z.string(), size: z.number().int() }),
  async handler({ body, auth, messages }) {
    const stored = await storeUpload(body.kind, body.file, auth.userId);
    messages.push('Upload successfully');
    return { url: stored.publicUrl, bucket: stored.bucket, path: stored.path, contentType: stored.contentType, size: stored.size };
  },
});

export default serve(adminUpload);
export const config = { path: '/api/admin/uploads' };
