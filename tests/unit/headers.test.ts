import { describe, expect, it } from 'vitest';
import { functionHeaders, pageContentSecurityPolicy, pagePolicyFromEnv, PAGE_HEADERS } from '../../src/server/headers';

describe('security headers', () => {
  it('marks personal responses no-store and sets the function security headers', () => {
    const h = functionHeaders({ personal: true, requestId: 'r1' });
    expect(h.get('cache-control')).toBe('no-store');
    expect(h.get('vary')).toBe('Authorization');
    expect(h.get('x-request-id')).toBe('r1');
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets public data be cached by the CDN only when asked', () => {
    expect(functionHeaders({ maxAge: 300 }).get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(functionHeaders().get('cache-control')).toBe('no-store');
    expect(functionHeaders({ personal: true, maxAge: 300 }).get('cache-control')).toBe('no-store');
    expect(functionHeaders({ personal: true, maxAge: 300 }).get('netlify-cdn-cache-control')).toBeNull();
  });

  it("tells Netlify's CDN how long it may keep public data, and to key versioned answers on Accept", () => {
    const h = functionHeaders({ maxAge: 3, varyAccept: true });
    expect(h.get('netlify-cdn-cache-control')).toBe('public, s-maxage=3');
    expect(h.get('netlify-vary')).toBe('header=Accept');
    expect(h.get('vary')).toBe('Accept');
    expect(functionHeaders({ maxAge: 3 }).get('vary')).toBeNull();
  });

  it("lets Netlify's CDN answer an expired copy while it refreshes it, when asked, and tells no browser so", () => {
    const h = functionHeaders({ maxAge: 3, staleSeconds: 1 });
    expect(h.get('netlify-cdn-cache-control')).toBe('public, s-maxage=3, stale-while-revalidate=1');
    expect(h.get('cache-control')).toBe('public, max-age=0, s-maxage=3');
    expect(functionHeaders({ personal: true, maxAge: 3, staleSeconds: 1 }).get('netlify-cdn-cache-control')).toBeNull();
  });

  it('builds a page CSP that allows only the site, its hashed inline scripts, Supabase and the configured services, and no framing', () => {
    const csp = pageContentSecurityPolicy({ scriptHashes: ['sha256-abc=', 'sha256-abc='], supabaseUrl: 'https://abc.supabase.co/' });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'sha256-abc='; ");
    expect(csp).toContain("img-src 'self' data: blob: https://abc.supabase.co https://i.ytimg.com;");
    expect(csp).toContain('connect-src \'self\' https://abc.supabase.co wss://abc.supabase.co;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // No scheme-wide source: pictures come from named origins only.
    expect(csp).not.toMatch(/ https:( |;|$)/);
    expect(PAGE_HEADERS['Strict-Transport-Security']).toContain('includeSubDomains');
  });

  it('opens the ad, map and support-widget origins only when the build is configured with them', () => {
    const bare = pageContentSecurityPolicy(pagePolicyFromEnv([], {}));
    expect(bare).not.toMatch(/doubleclick|googlesyndication|mapbox|www\.google\.com/);
    const all = pageContentSecurityPolicy(pagePolicyFromEnv([], {
      PUBLIC_AD_NETWORK_CODE: '123', PUBLIC_MAPBOX_TOKEN: 'pk.x', PUBLIC_MAPS_EMBED_KEY: 'k', PUBLIC_SUPPORT_WIDGET_URL: 'https://widget.example/w.js',
    }));
    expect(all).toMatch(/script-src 'self' [^;]*https:\/\/securepubads\.g\.doubleclick\.net[^;]* https:\/\/widget\.example;/);
    expect(all).toMatch(/img-src [^;]*https:\/\/api\.mapbox\.com[^;]*https:\/\/\*\.googlesyndication\.com/);
    expect(all).toMatch(/frame-src https:\/\/www\.google\.com /);
  });
});
