/** Issue #38 item 15: `npm start` names the admin's address and which account opens what. */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../supabase/seed/accounts';
import { startBanner } from '../../scripts/lib/start-banner';

describe('npm start banner', () => {
  it('prints the admin address and every seeded account with where it signs in and what it opens', () => {
    const text = startBanner({ address: 'http://localhost:8888', seconds: '3.2', mailbox: true, accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD });
    expect(text).toContain('Admin          http://localhost:8888/admin/');
    expect(text).toContain('Mailbox        http://localhost:8888/dev/mailbox');
    expect(text).toContain(`password ${DEMO_PASSWORD}`);
    for (const a of DEMO_ACCOUNTS) {
      const line = text.split('\n').find((l) => l.includes(` ${a.email} `))!;
      expect(line, a.email).toContain(a.role === 'patient' ? 'http://localhost:8888/vi-vn/login/' : 'http://localhost:8888/admin/');
      expect(line, a.email).toContain(a.description);
    }
  });
});
