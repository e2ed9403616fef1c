/** The one session store (issue 28 item 1): what the booking card, quick booking and booking page read of it. */
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/lib/session-storage';
import { storedSessionState } from '../../src/scripts/session-store';

function memoryStorage(entries: Record<string, string>): Storage {
  const m = new Map(Object.entries(entries));
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const NOW = Date.UTC(2026, 10, 27);

describe('session store', () => {
  it("keeps the signed-in user's id and e-mail (the social-login warning reads it), from the user or the token", () => {
    const exp = NOW / 1000 + 3600;
    const withUser = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ access_token: token({ sub: 'u1', exp }), user: { id: 'u1', email: 'a@b.test' } }) });
    expect(storedSessionState(withUser, NOW)).toMatchObject({ status: 'signed-in', userId: 'u1', email: 'a@b.test' });
    const tokenOnly = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ access_token: token({ sub: 'u2', exp, email: 'c@d.test' }) }) });
    expect(storedSessionState(tokenOnly, NOW)).toMatchObject({ status: 'signed-in', userId: 'u2', email: 'c@d.test' });
  });

  it('a visitor: nothing stored, or an expired token without a refresh token', () => {
    expect(storedSessionState(memoryStorage({}), NOW)).toEqual({ status: 'visitor' });
    const expired = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ access_token: token({ sub: 'u1', exp: NOW / 1000 - 10 }) }) });
    expect(storedSessionState(expired, NOW)).toEqual({ status: 'visitor' });
  });
});
