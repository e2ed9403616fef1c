/**
 * Service page header telephone link (SPEC §2, §6): active only for logged-in users, and only when there is a
 * phone. The static page carries no telephone link; a signed-in visitor gets the number from the phone
 * function and a tel: link; a visitor's 'Login To Call' starts the login return flow (source care_phone).
 */
import { LOCALE_CONFIG, isLocale } from '../../i18n/locales';
import { PHONE_LOGIN_SOURCE, serviceHeaderPhoneLink } from '../lib/phone';
import { startLoginReturnFlow } from './session';
import { browserSession } from './session-store';

const whenIdle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));

async function fetchPhone(url: string): Promise<string | null> {
  const { currentSession } = await import('../islands/supabase');
  const s = await currentSession();
  if (!s) return null;
  const res = await fetch(url, { headers: { authorization: `Bearer ${s.accessToken}` } });
  const body = res.ok ? ((await res.json()) as { _data?: { phone?: string } }) : null;
  return body?._data?.phone ?? null;
}

for (const el of document.querySelectorAll<HTMLElement>('[data-service-phone]')) {
  const button = el.querySelector<HTMLButtonElement>('[data-phone-login]');
  const numberEl = el.querySelector<HTMLElement>('[data-phone-number]');
  const locale = el.dataset.locale ?? '';
  if (!button || !isLocale(locale)) continue;
  // After the page is idle: the first localStorage read opens the origin's storage, a blocking task while it loads.
  whenIdle(() => {
    if (!browserSession().loggedIn) return;
    void (async () => {
      const phone = await fetchPhone(el.dataset.phoneUrl ?? '').catch(() => null);
      const href = serviceHeaderPhoneLink({ phone, loggedIn: true });
      if (!phone || !href) return;
      if (numberEl) numberEl.textContent = phone;
      const call = document.createElement('a');
      call.className = button.className;
      call.href = href;
      call.textContent = el.dataset.callLabel ?? '';
      call.setAttribute('data-testid', 'service-phone-call');
      button.replaceWith(call);
    })();
  });
  button.addEventListener('click', () => startLoginReturnFlow(`/${LOCALE_CONFIG[locale].prefix}/login/`, location.pathname + location.search, PHONE_LOGIN_SOURCE));
}
