// @ts-check
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
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
  // Islands are written against React's API and run on Preact (compat: `react` imports resolve to preact/compat):
  // the same components for a tenth of React's bytes, so a page whose booking card hydrates at load no longer
  // spends its first seconds on a mobile CPU evaluating react-dom (issue #7, Lighthouse TBT).
  integrations: [preact({ compat: true }), seoFiles(), buildShard()],
  compressHTML: true,
  devToolbar: { enabled: false },
  vite: {
    // PGlite ships WebAssembly and is only ever loaded at build time on the server side.
    ssr: { external: ['@electric-sql/pglite'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
