/**
 * Phone buttons (SPEC §4) of the hospital page and the listing cards: logged in (or ms-MY) sees and calls;
 * zh-TW sees; others see the first 5 characters then asterisks and 'Log In To View' / 'Login To Call', which
 * starts the login return flow (source care_phone). The HTML holds the full number only where visitors may read
 * it; a signed-in visitor gets it from the phone function (the Supabase client loads only then).
 * Markup: src/components/PhoneButton.astro (the rule: src/lib/phone.ts phoneButton).
 */
import { telHref, PHONE_LOGIN_SOURCE } from '../lib/phone';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { startLoginReturnFlow, type BrowserSession } from './session';

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T & Element>(sel) as T | null;

/** The signed-in visitor's access token for the phone function; null when there is none. */
export type AccessToken = () => Promise<string | null>;

async function fetchPhone(el: HTMLElement, accessToken: AccessToken): Promise<string | null> {
  const token = await accessToken();
  if (!token) return null;
  const res = await fetch(el.dataset.phoneUrl ?? '', { headers: { authorization: `Bearer ${token}` } });
  const body = res.ok ? ((await res.json()) as { _data?: { phone?: string } }) : null;
  return body?._data?.phone ?? null;
}

function enableCopy(el: HTMLElement, number: string) {
  const status = $('[data-phone-status]', el);
  let copy = $<HTMLButtonElement>('[data-phone-copy]', el);
  if (!copy) {
    copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'link-button';
    copy.dataset.phoneCopy = '';
    copy.dataset.copied = el.dataset.copiedLabel ?? '';
    copy.textContent = el.dataset.copyLabel ?? '';
    status?.before(copy);
  }
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(number);
      if (status) status.textContent = copy.dataset.copied ?? '';
      el.classList.add('copied');
      setTimeout(() => el.classList.remove('copied'), 3000);
    } catch {
      /* clipboard refused: nothing copied, nothing claimed */
    }
  });
}

/**
 * `accessToken`: how a signed-in visitor's number is fetched. Light pages (listings) pass the stored token
 * (session.ts storedAccessToken) so that no Supabase client is loaded; an expired one leaves the login button.
 */
export function initPhoneButtons(locale: Locale, session: BrowserSession, accessToken: AccessToken, root: ParentNode = document): void {
  for (const el of [...root.querySelectorAll<HTMLElement>('[data-phone]')]) {
    const numberEl = $('[data-phone-number]', el);
    const loginBtn = $<HTMLButtonElement>('[data-phone-login]', el);
    const shown = el.dataset.number;
    if (shown) enableCopy(el, shown);
    if (session.loggedIn && loginBtn) {
      void (async () => {
        const number = shown ?? (await fetchPhone(el, accessToken).catch(() => null));
        if (!number) return;
        if (numberEl) numberEl.textContent = number;
        const call = document.createElement('a');
        call.className = loginBtn.className;
        call.href = telHref(number);
        call.textContent = el.dataset.callLabel ?? '';
        loginBtn.replaceWith(call);
        if (!shown) enableCopy(el, number);
      })();
    }
    loginBtn?.addEventListener('click', () => startLoginReturnFlow(`/${LOCALE_CONFIG[locale].prefix}/login/`, location.pathname + location.search, PHONE_LOGIN_SOURCE));
  }
}
