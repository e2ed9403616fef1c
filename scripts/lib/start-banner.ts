/**
 * What `npm start` prints once the server is up (issue #38 item 15): every address a newcomer needs (public site,
 * admin, health, mailbox) and the seeded accounts with what each opens, so nobody has to find /admin/ in the README.
 */
export interface BannerAccount {
  email: string;
  role: string;
  description?: string;
}

export interface BannerInput {
  address: string;
  seconds: string | number;
  mailbox: boolean;
  accounts: readonly BannerAccount[];
  password: string;
  /** The local rebuild is on (issue 37): the public site follows each data change. */
  rebuild?: boolean;
}

/** Where an account signs in: staff at the admin, patients on the public site's login. */
export function accountEntry(address: string, role: string): string {
  return role === 'patient' ? `${address}/vi-vn/login/` : `${address}/admin/`;
}

export function startBanner({ address, seconds, mailbox, accounts, password, rebuild }: BannerInput): string {
  const lines = [
    '',
    `  Ready in ${seconds} s — ${address}`,
    '',
    `  Public site    ${address}/vi-vn/  (also /en-ph/ /id-id/ /zh-tw/ /ms-my/ /th-th/)`,
    `  Admin          ${address}/admin/  (staff accounts below)`,
    `  Health         ${address}/api/health`,
  ];
  if (rebuild) lines.push('  Rebuilds       the public site after each data change (log lines [rebuild])');
  if (mailbox) lines.push(`  Mailbox        ${address}/dev/mailbox  (one-time sign-in codes)`);
  if (accounts.length) {
    lines.push('', `  Sign-in accounts (password ${password}):`, `    ${'role'.padEnd(14)} ${'account'.padEnd(28)} ${'signs in at'.padEnd(36)} opens`);
    for (const a of accounts) lines.push(`    ${a.role.padEnd(14)} ${a.email.padEnd(28)} ${accountEntry(address, a.role).padEnd(36)} ${a.description ?? ''}`.trimEnd());
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
