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
    const reveal = (number: string, button: HTMLButtonElement) => {
      if (numberEl) numberEl.textContent = number;
      const call = document.createElement('a');
      call.className = button.className;
      call.href = telHref(number);
      call.textContent = el.dataset.callLabel ?? '';
      button.replaceWith(call);
      if (!shown) enableCopy(el, number);
    };
    if (session.loggedIn && loginBtn && shown) reveal(shown, loginBtn);
    else if (session.loggedIn && loginBtn) {
      // A signed-in visitor asks for the number: one call per press, never one per card on load (a listing of 20
      // cards spent the phone function's 60 calls per 10 minutes in three views; issue #38 item 16).
      const show = el.dataset.showLabel ?? loginBtn.textContent ?? '';
      const named = loginBtn.getAttribute('aria-label')?.split(' – ')[1];
      loginBtn.textContent = show;
      if (named) loginBtn.setAttribute('aria-label', `${show} – ${named}`);
      loginBtn.addEventListener('click', async () => {
        if (loginBtn.disabled) return;
        loginBtn.disabled = true;
        const number = await fetchPhone(el, accessToken).catch(() => null);
        if (number) reveal(number, loginBtn);
        else loginBtn.disabled = false;
      });
    } else loginBtn?.addEventListener('click', () => startLoginReturnFlow(`/${LOCALE_CONFIG[locale].prefix}/login/`, location.pathname + location.search, PHONE_LOGIN_SOURCE));
  }
}
