/**
 * Log-out (SPEC §4, §9): go to the login page first, then after 500 ms clear the admin session, the saved language
 * and the admin token cookie, so the screen being left never renders half-signed-out.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_LOGIN } from '../../lib/admin-rules';
import { clearLanguage } from '../i18n';
import { signOut } from '../session';

export const LOGOUT_DELAY_MS = 500;
/** The admin token cookie of SPEC §4: cleared at log-out wherever an older admin left it. */
export const ADMIN_TOKEN_COOKIE = 'admin_token';

export function logout(navigate: (to: string) => void, queryClient: QueryClient): Promise<void> {
  navigate(ADMIN_LOGIN);
  return new Promise((resolve) =>
    window.setTimeout(async () => {
      await signOut();
      queryClient.clear();
      clearLanguage();
      document.cookie = `${ADMIN_TOKEN_COOKIE}=; path=/; max-age=0; samesite=lax`;
      resolve();
    }, LOGOUT_DELAY_MS),
  );
}
