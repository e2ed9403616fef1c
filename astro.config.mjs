// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import seoFiles from './src/integrations/seo-files.ts';
import buildShard from './src/integrations/build-shard.ts';

// Static pages per locale (DESIGN §2): one deploy, six domains rewritten to /vi-vn, /en-ph, ... in netlify.toml.
export default defineConfig({
  output: 'static',
  site: 'https://suckhoeviet.vn',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // seoFiles: sitemaps and robots.txt per locale, written from the built pages (src/integrations/seo-files.ts).
  // buildShard: one process of the parallel build renders only its locales (scripts/build.ts --shards).
  integrations: [react(), seoFiles(), buildShard()],
  compressHTML: true,
  devToolbar: { enabled: false },
  vite: {
    // PGlite ships WebAssembly and is only ever loaded at build time on the server side.
    ssr: { external: ['@electric-sql/pglite'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
