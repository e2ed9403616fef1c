/**
 * Patient login by one-time code (DESIGN §2: patients sign in with an e-mail or phone OTP through Supabase Auth).
 * Step 1 sends the code, step 2 verifies it; then the visitor goes back to the saved return URL (SPEC §4 phone
 * button, source care_phone) or the locale's home page. A visitor already signed in may continue or log out.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DIAL_CODES, OTP_LENGTH, isEmail, safeReturnUrl, toE164 } from '../../lib/login';
import { RETURN_URL_KEY } from '../../scripts/session';
import { supabase } from '../supabase';
import { logOut } from '../../scripts/log-out';
import { translatorOf, type Strings } from '../booking/shared';

export interface LoginProps {
  strings: Strings;
  countryCode: string;
  homePath: string;
  /**
   * Called once the code is verified instead of leaving for the return URL: a page that signs in as one of its
   * steps (the care onboarding) continues in place.
   */
  onSignedIn?: () => void;
}

type Channel = 'email' | 'phone';
type Step = { name: 'checking' } | { name: 'signed-in'; who: string } | { name: 'ask' } | { name: 'code'; recipient: string };

function returnUrl(home: string): string {
  const q = new URLSearchParams(location.search).get('returnUrl');
  let saved: string | null = null;
  try {
    saved = sessionStorage.getItem(RETURN_URL_KEY);
  } catch {
    /* private mode */
  }
  return safeReturnUrl(q ?? saved, home);
}

export default function Login({ strings, countryCode, homePath, onSignedIn }: LoginProps) {
  const t = translatorOf(strings);
  const [step, setStep] = useState<Step>({ name: 'checking' });
  const [channel, setChannel] = useState<Channel>('email');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const dial = DIAL_CODES[countryCode] ?? '';

  useEffect(() => {
    void supabase()
      .then((sb) => sb.auth.getSession())
      .then(({ data }) => {
        const u = data.session?.user;
        setStep(u ? { name: 'signed-in', who: u.email || u.phone || '' } : { name: 'ask' });
      })
      .catch(() => setStep({ name: 'ask' }));
  }, []);

  useEffect(() => {
    if (step.name === 'code') codeRef.current?.focus();
  }, [step.name]);

  function finish() {
    try {
      sessionStorage.removeItem(RETURN_URL_KEY);
    } catch {
      /* private mode */
    }
    location.assign(returnUrl(homePath));
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const recipient = channel === 'email' ? (isEmail(value) ? value.trim().toLowerCase() : null) : toE164(countryCode, value);
    if (!recipient) {
      setError(t(channel === 'email' ? 'login.error.email' : 'login.error.phone'));
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const sb = await supabase();
      const { error: err } = await sb.auth.signInWithOtp(channel === 'email' ? { email: recipient } : { phone: recipient });
      if (err) throw err;
      setCode('');
      setStep({ name: 'code', recipient });
    } catch (err) {
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (step.name !== 'code') return;
    setError(null);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError(t('login.error.code', { length: OTP_LENGTH }));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const sb = await supabase();
      const { error: err } = await sb.auth.verifyOtp(
        channel === 'email' ? { email: step.recipient, token: code, type: 'email' } : { phone: step.recipient, token: code, type: 'sms' },
      );
      if (err) throw err;
      if (onSignedIn) {
        setBusy(false);
        onSignedIn();
      } else finish();
    } catch (err) {
      setError(messageOf(err, t));
      setBusy(false);
    }
  }

  async function logout() {
    setBusy(true);
    // The one log-out of the site: Supabase session ended and everything kept in this browser removed.
    await logOut();
    setBusy(false);
    setStep({ name: 'ask' });
  }

  const alert = error && (
    <p className="login-error" role="alert" data-testid="login-error">
      {error}
    </p>
  );

  if (step.name === 'checking') return <p className="login-status" aria-busy="true">{t('login.checking')}</p>;

  if (step.name === 'signed-in')
    return (
      <div className="login-card" data-testid="login-signed-in">
        <p>{t('login.signedInAs', { who: step.who })}</p>
        <div className="login-actions">
          <button type="button" className="button button-primary" onClick={finish}>{t('login.continue')}</button>
          <button type="button" className="button button-outline" onClick={logout} disabled={busy}>{t('login.logout')}</button>
        </div>
      </div>
    );

  if (step.name === 'code')
    return (
      <form className="login-card" onSubmit={verify} noValidate data-testid="login-code-form">
        <p id="code-help">{t('login.codeSent', { recipient: step.recipient, length: OTP_LENGTH })}</p>
        <label className="login-label" htmlFor="login-code">{t('login.code')}</label>
        <input
          ref={codeRef}
          id="login-code"
          className="login-input login-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          aria-describedby="code-help"
          aria-invalid={!!error}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        {alert}
        <div className="login-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>{busy ? t('login.verifying') : t('login.verify')}</button>
          <button type="button" className="link-button" onClick={() => { setError(null); setStep({ name: 'ask' }); }}>{t('login.changeRecipient')}</button>
        </div>
      </form>
    );

  return (
    <form className="login-card" onSubmit={send} noValidate data-testid="login-form">
      <div className="login-channels" role="radiogroup" aria-label={t('login.channel')}>
        {(['email', 'phone'] as const).map((c) => (
          <label key={c} className={`login-channel${channel === c ? ' is-active' : ''}`}>
            <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => { setChannel(c); setValue(''); setError(null); }} />
            {t(c === 'email' ? 'login.byEmail' : 'login.byPhone')}
          </label>
        ))}
      </div>
      <label className="login-label" htmlFor="login-recipient">{t(channel === 'email' ? 'login.email' : 'login.phone')}</label>
      <div className="login-field">
        {channel === 'phone' && <span className="login-dial" aria-hidden="true">{dial}</span>}
        <input
          ref={fieldRef}
          id="login-recipient"
          className="login-input"
          type={channel === 'email' ? 'email' : 'tel'}
          autoComplete={channel === 'email' ? 'email' : 'tel-national'}
          inputMode={channel === 'email' ? 'email' : 'tel'}
          aria-invalid={!!error}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
      </div>
      {alert}
      <button type="submit" className="button button-primary login-submit" disabled={busy} aria-busy={busy}>{busy ? t('login.sending') : t('login.sendCode')}</button>
      <p className="muted login-note">{t('login.note')}</p>
    </form>
  );
}

/** What a person reads for an auth stand-in / Supabase Auth error of the one-time code flow. */
export function messageOf(err: unknown, t: ReturnType<typeof translatorOf>): string {
  const e = err as { status?: number; code?: string } | null;
  if (e?.status === 429) return t('login.error.tooMany');
  if (e?.code === 'otp_expired' || e?.status === 403) return t('login.error.invalidCode');
  if (e?.code === 'otp_disabled') return t('login.error.staff');
  return t('common.error');
}
