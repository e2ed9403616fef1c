/**
 * The header's session part (src/components/AccountMenu.astro), following the session store: 'Log in' with
 * this page as the return URL, or the patient's avatar and name opening the account menu (disclosure: Escape and
 * a click outside close it). The name and avatar come from /api/me once per sign-in, kept in the account cache.
 */
import { accountLabel, initials, isAccountPath } from '../lib/account-routes';
import { $session, setAccount, type SessionState } from './session-store';
import { storedAccessToken } from './session';
import { logOut } from './log-out';

const nav = document.querySelector<HTMLElement>('[data-account-nav]');

interface MeAnswer {
  _data?: { id: string; email: string | null; phone: string | null; avatar: string | null; profile: { name: string | null } | null };
}

async function accessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (stored) return stored;
  // Expired: the Supabase client refreshes it (and feeds the store meanwhile).
  const { currentSession } = await import('../islands/supabase');
  return (await currentSession())?.accessToken ?? null;
}

let asking: string | null = null;
async function loadAccount(userId: string): Promise<void> {
  if (asking === userId) return;
  asking = userId;
  try {
    const token = await accessToken();
    if (!token) return;
    const res = await fetch('/api/me', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (!res.ok) return;
    const me = ((await res.json()) as MeAnswer)._data;
    if (me && me.id === userId) setAccount({ userId, name: me.profile?.name ?? null, avatar: me.avatar, login: me.email ?? me.phone });
  } catch {
    /* offline: the header keeps the e-mail it has */
  } finally {
    asking = null;
  }
}

function render(root: HTMLElement, state: SessionState): void {
  const login = root.querySelector<HTMLAnchorElement>('[data-account-login]')!;
  const user = root.querySelector<HTMLElement>('[data-account-user]')!;
  const signedIn = state.status === 'signed-in';
  login.hidden = signedIn;
  user.hidden = !signedIn;
  root.dataset.state = signedIn ? 'in' : 'out';
  if (!signedIn) {
    closeMenu(root, false);
    return;
  }
  const label = accountLabel(state.account, root.querySelector('[data-account-name]')?.textContent || root.dataset.fallback || '');
  root.querySelector('[data-account-name]')!.textContent = label;
  const img = root.querySelector<HTMLImageElement>('[data-account-img]')!;
  const avatar = state.account?.avatar;
  img.hidden = !avatar;
  if (avatar && img.getAttribute('src') !== avatar) img.src = avatar;
  root.querySelector('[data-account-initials]')!.textContent = avatar ? '' : initials(label);
  if (!state.account) void loadAccount(state.userId);
}

function closeMenu(root: HTMLElement, focusButton: boolean): void {
  const button = root.querySelector<HTMLButtonElement>('[data-account-button]')!;
  root.querySelector<HTMLElement>('[data-account-menu]')!.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (focusButton) button.focus();
}

function init(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('[data-account-button]')!;
  const menu = root.querySelector<HTMLElement>('[data-account-menu]')!;
  const login = root.querySelector<HTMLAnchorElement>('[data-account-login]')!;
  // The static link carries the page's path; the query (a tab, a booking's parameters) is known only here.
  if (location.search && login.href.includes('returnUrl=')) {
    const url = new URL(login.href);
    url.searchParams.set('returnUrl', location.pathname + location.search);
    login.href = url.pathname + url.search;
  }
  button.addEventListener('click', () => {
    const open = menu.hidden;
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) menu.querySelector<HTMLElement>('a, button')?.focus();
  });
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !menu.hidden) closeMenu(root, true);
  });
  document.addEventListener('click', (e) => {
    if (!menu.hidden && !root.contains(e.target as Node)) closeMenu(root, false);
  });
  root.querySelector('[data-account-logout]')!.addEventListener('click', async () => {
    await logOut();
    // An account page has nothing to show a visitor: home instead.
    if (isAccountPath(location.pathname)) location.assign(root.dataset.home ?? '/');
  });
  $session.subscribe((state) => render(root, state));
}

if (nav) init(nav);
