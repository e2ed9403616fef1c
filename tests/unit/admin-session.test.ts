/**
 * The admin reads a valid stored session's token without loading supabase-js (issue 38 item 13: the client was a
 * quarter of the first load); a session near its expiry, none, or an unreadable one is left to supabase-js.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getSession = vi.fn(async () => ({ data: { session: { access_token: 'refreshed' } } }));
const createClient = vi.fn(() => ({ auth: { getSession } }));
vi.mock('@supabase/supabase-js', () => ({ createClient }));

function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  vi.stubGlobal('localStorage', { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => map.set(k, v), removeItem: (k: string) => map.delete(k) });
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
}

const session = (expiresInSeconds: number) => JSON.stringify({ access_token: 'stored', refresh_token: 'r', expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds });

describe('admin access token', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllGlobals();
    createClient.mockClear();
    getSession.mockClear();
  });

  it('answers a stored session valid past the refresh margin without loading the client', async () => {
    storage({ 'care-admin-auth': session(3600) });
    const { accessToken } = await import('../../src/admin/session');
    expect(await accessToken()).toBe('stored');
    expect(createClient).not.toHaveBeenCalled();
  });

  it('leaves a session near its expiry, a missing one and an unreadable one to supabase-js', async () => {
    for (const entries of <Record<string, string>[]>[{ 'care-admin-auth': session(30) }, {}, { 'care-admin-auth': '{not json' }, { 'care-admin-auth': JSON.stringify({ expires_at: 9e9 }) }]) {
      vi.resetModules();
      createClient.mockClear();
      storage(entries);
      const { accessToken } = await import('../../src/admin/session');
      expect(await accessToken()).toBe('refreshed');
      expect(createClient).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps asking supabase-js once it is loaded (it owns the session after a sign-in or refresh)', async () => {
    storage({ 'care-admin-auth': session(3600) });
    const { accessToken, adminSupabase } = await import('../../src/admin/session');
    await adminSupabase();
    expect(await accessToken()).toBe('refreshed');
  });
});
