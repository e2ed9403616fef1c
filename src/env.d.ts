/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** Maps Embed API key: the map card embeds a map at zoom 15 when set. */
  readonly PUBLIC_MAPS_EMBED_KEY?: string;
  /** Mapbox public token: the map card offers the interactive map when set. */
  readonly PUBLIC_MAPBOX_TOKEN?: string;
  /** Ad network code (vi-VN ads). */
  readonly PUBLIC_AD_NETWORK_CODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
