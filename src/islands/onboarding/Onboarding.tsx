/**
 * The care onboarding (SPEC §2, §4, §5): a visitor logs in (the Login island's one-time code), gives a name,
 * birthday and gender, and confirms a mobile number by code (Supabase Auth phone_change); then goes back to the
 * safe return URL, e.g. the booking page Continue Booking chose. Whether anything is missing is the server's
 * answer (/api/me, the onboarding rule of src/lib/onboarding); the form's own checks are src/lib/onboarding-profile.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DIAL_CODES, OTP_LENGTH, safeReturnUrl, toE164 } from '../../lib/login';
import { CHANGE_PHONE_STEP } from '../../lib/booking-routes';
import { EARLIEST_BIRTHDAY, GENDER_CODES, GENDER_OPTIONS, hasProfileErrors, validateOnboardingProfile, type ProfileErrors, type ProfileField } from '../../lib/onboarding-profile';
import Login, { messageOf } from '../auth/Login';
import { call, CallError, translatorOf, type Strings } from '../booking/shared';
import { supabase } from '../supabase';

export interface OnboardingProps {
  strings: Strings;
  countryCode: string;
  countryId: number;
  homePath: string;
}

interface Profile {
  name: string | null;
  birthday: string | null;
  gender: number | null;
}
interface MeAnswer {
  email: string | null;
  phone: string | null;
  profile: Profile | null;
  onboarding: { onboarded: boolean; missing: string[] };
}
interface SaveAnswer {
  profile: Profile;
  onboarding: { onboarded: boolean; missing: string[] };
}

type Step =
  | { name: 'checking' }
  | { name: 'login' }
  | { name: 'profile' }
  | { name: 'phone' }
  | { name: 'phone-code'; phone: string }
  | { name: 'leaving' }
  | { name: 'failed' };

const PROFILE_FIELDS = ['name', 'birthday', 'gender'];
/** The first step still to do: the profile form while one of its fields is missing, else the phone. */
const nextStep = (missing: string[]): Step => (missing.some((f) => PROFILE_FIELDS.includes(f)) ? { name: 'profile' } : { name: 'phone' });
/** GoTrue sends a new change code at most once a minute. */
const RESEND_SECONDS = 60;

/** The browser's calendar date: a birthday is the patient's own date, not the hospital's. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function accessToken(): Promise<string | null> {
  const { data } = await (await supabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

export default function Onboarding({ strings, countryCode, countryId, homePath }: OnboardingProps) {
  const t = translatorOf(strings);
  const [step, setStep] = useState<Step>({ name: 'checking' });
  const [who, setWho] = useState('');
  const [values, setValues] = useState({ name: '', birthday: '', gender: null as number | null });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef<Partial<Record<ProfileField | 'phone' | 'code', HTMLInputElement | null>>>({});
  const today = localToday();
  const dial = DIAL_CODES[countryCode] ?? '';

  const leave = useCallback(() => {
    setStep({ name: 'leaving' });
    const q = new URLSearchParams(location.search).get('returnUrl');
    location.replace(safeReturnUrl(q, homePath));
  }, [homePath]);

  /** Where the patient stands: what /api/me says is missing decides the step. */
  const load = useCallback(async () => {
    setAlert(null);
    try {
      const token = await accessToken();
      if (!token) return setStep({ name: 'login' });
      const me = await call<MeAnswer>('/api/me', { headers: { authorization: `Bearer ${token}` } });
      setWho(me.email || (me.phone ? `+${me.phone.replace(/^\+/, '')}` : ''));
      if (me.profile) setValues({ name: me.profile.name ?? '', birthday: me.profile.birthday ?? '', gender: me.profile.gender });
      // ?step=phone: an onboarded patient told to try another number confirms a new one (issue 38 item 22).
      const changePhone = new URLSearchParams(location.search).get('step') === CHANGE_PHONE_STEP;
      if (me.onboarding.onboarded) return changePhone ? setStep({ name: 'phone' }) : leave();
      setStep(nextStep(me.onboarding.missing));
    } catch (e) {
      if (e instanceof CallError && e.status === 401) {
        // A session the server no longer accepts: sign in again.
        await (await supabase()).auth.signOut({ scope: 'local' }).catch(() => undefined);
        return setStep({ name: 'login' });
      }
      setStep({ name: 'failed' });
    }
  }, [leave]);

  useEffect(() => {
    void load();
  }, [load]);

  // Each step announces itself: focus goes to its heading, or to the code field.
  useEffect(() => {
    if (step.name === 'phone-code') fieldRefs.current.code?.focus();
    else if (step.name !== 'checking' && step.name !== 'login') headingRef.current?.focus();
  }, [step.name]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const id = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [resendIn]);

  /** Saves the profile; the server copies the confirmed phone and e-mail into it. */
  async function save(v = values): Promise<SaveAnswer> {
    const token = await accessToken();
    if (!token) throw new CallError('signed out', 401);
    return call<SaveAnswer>('/api/me/profile', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: v.name.trim(), birthday: v.birthday, gender: v.gender, countryId }),
    });
  }

  function afterSave(answer: SaveAnswer) {
    if (answer.onboarding.onboarded) return leave();
    setBusy(false);
    setStep(nextStep(answer.onboarding.missing));
  }

  function failed(e: unknown) {
    setBusy(false);
    if (e instanceof CallError && e.status === 401) return void load();
    setAlert(e instanceof CallError && e.message && !e.message.startsWith('HTTP ') ? e.message : t('common.error'));
  }

  async function submitProfile(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const found = validateOnboardingProfile(values, today);
    setErrors(found);
    if (hasProfileErrors(found)) {
      const first = (['name', 'birthday', 'gender'] as const).find((f) => found[f]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    setBusy(true);
    try {
      afterSave(await save());
    } catch (err) {
      failed(err);
    }
  }

  async function sendCode(e?: FormEvent) {
    e?.preventDefault();
    setAlert(null);
    setNotice(null);
    const target = step.name === 'phone-code' ? step.phone : toE164(countryCode, phone);
    if (!target) {
      setAlert(t('login.error.phone'));
      fieldRefs.current.phone?.focus();
      return;
    }
    setBusy(true);
    try {
      const { error } = await (await supabase()).auth.updateUser({ phone: target });
      if (error) throw error;
      setBusy(false);
      setResendIn(RESEND_SECONDS);
      if (step.name === 'phone-code') setNotice(t('onboarding.phone.resent'));
      else {
        setCode('');
        setStep({ name: 'phone-code', phone: target });
      }
    } catch (err) {
      setBusy(false);
      setAlert(authMessage(err, t));
    }
  }

  async function verifyCode(e: FormEvent) {
    e.preventDefault();
    if (step.name !== 'phone-code') return;
    setAlert(null);
    setNotice(null);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setAlert(t('login.error.code', { length: OTP_LENGTH }));
      fieldRefs.current.code?.focus();
      return;
    }
    setBusy(true);
    try {
      const { error } = await (await supabase()).auth.verifyOtp({ phone: step.phone, token: code, type: 'phone_change' });
      if (error) throw error;
    } catch (err) {
      setBusy(false);
      setAlert(authMessage(err, t));
      return;
    }
    // The new session carries the confirmed phone; saving the profile copies it into the patient's row.
    try {
      afterSave(await save());
    } catch (err) {
      failed(err);
    }
  }

  async function logout() {
    setBusy(true);
    await (await supabase()).auth.signOut().catch(() => undefined);
    setBusy(false);
    setAlert(null);
    setStep({ name: 'login' });
  }

  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    if (errors[k as ProfileField]) setErrors((old) => ({ ...old, [k]: undefined }));
  };
  const fieldError = (f: ProfileField) =>
    errors[f] && (
      <p className="onb-field-error" id={`onb-${f}-error`}>
        {t(errors[f]!.key, errors[f]!.params)}
      </p>
    );
  const alertBox = alert && (
    <p className="onb-alert" role="alert" data-testid="onboarding-error">
      {alert}
    </p>
  );

  if (step.name === 'checking' || step.name === 'leaving') {
    return (
      <p className="onb-status" role="status" aria-busy="true" data-testid="onboarding-status">
        <span className="onb-spinner" aria-hidden="true" />
        {t(step.name === 'checking' ? 'login.checking' : 'onboarding.leaving')}
      </p>
    );
  }

  if (step.name === 'failed') {
    return (
      <div className="onb-card" data-testid="onboarding-failed">
        <p className="onb-alert" role="alert">{t('onboarding.error.load')}</p>
        <button type="button" className="button button-primary onb-submit" onClick={() => { setStep({ name: 'checking' }); void load(); }}>
          {t('onboarding.retry')}
        </button>
      </div>
    );
  }

  const current = step.name === 'login' ? 0 : step.name === 'profile' ? 1 : 2;
  const stepper = (
    <ol className="onb-steps" aria-label={t('onboarding.steps')}>
      {(['onboarding.step.login', 'onboarding.step.profile', 'onboarding.step.phone'] as const).map((key, i) => (
        <li key={key} className={i < current ? 'is-done' : i === current ? 'is-current' : undefined} aria-current={i === current ? 'step' : undefined}>
          <span className="onb-step-mark" aria-hidden="true">{i < current ? '✓' : i + 1}</span>
          <span>{t(key)}</span>
          {i < current && <span className="visually-hidden"> ({t('onboarding.stepDone')})</span>}
        </li>
      ))}
    </ol>
  );

  if (step.name === 'login') {
    return (
      <>
        {stepper}
        <section className="onb-section" aria-labelledby="onb-login-title" data-testid="onboarding-login">
          <h2 id="onb-login-title" className="onb-title">{t('onboarding.login.title')}</h2>
          <p className="onb-lead">{t('onboarding.login.lead')}</p>
          <Login strings={strings} countryCode={countryCode} homePath={homePath} onSignedIn={() => { setStep({ name: 'checking' }); void load(); }} />
        </section>
      </>
    );
  }

  const signedIn: ReactNode = who && (
    <p className="onb-who">
      {t('login.signedInAs', { who })}{' '}
      <button type="button" className="link-button" onClick={logout} disabled={busy}>{t('onboarding.notYou')}</button>
    </p>
  );

  if (step.name === 'profile') {
    const describe = (f: ProfileField) => (errors[f] ? `onb-${f}-error` : undefined);
    return (
      <>
        {stepper}
        <section className="onb-section" aria-labelledby="onb-profile-title" data-testid="onboarding-profile">
          <h2 id="onb-profile-title" className="onb-title" tabIndex={-1} ref={headingRef}>{t('onboarding.profile.title')}</h2>
          <p className="onb-lead">{t('onboarding.profile.lead')}</p>
          {signedIn}
          <form className="onb-card" onSubmit={submitProfile} noValidate>
            <div className="onb-field">
              <label htmlFor="onb-name">{t('onboarding.name')}</label>
              <input
                id="onb-name"
                ref={(el) => { fieldRefs.current.name = el; }}
                className="onb-input"
                autoComplete="name"
                value={values.name}
                aria-invalid={!!errors.name}
                aria-describedby={describe('name')}
                aria-required="true"
                onChange={(e) => set('name', e.target.value)}
              />
              {fieldError('name')}
            </div>
            <div className="onb-field">
              <label htmlFor="onb-birthday">{t('onboarding.birthday')}</label>
              <input
                id="onb-birthday"
                ref={(el) => { fieldRefs.current.birthday = el; }}
                className="onb-input"
                type="date"
                autoComplete="bday"
                min={EARLIEST_BIRTHDAY}
                max={today}
                value={values.birthday}
                aria-invalid={!!errors.birthday}
                aria-describedby={describe('birthday')}
                aria-required="true"
                onChange={(e) => set('birthday', e.target.value)}
              />
              {fieldError('birthday')}
            </div>
            <fieldset className="onb-field onb-gender" aria-describedby={describe('gender')}>
              <legend>{t('onboarding.gender')}</legend>
              <div className="onb-choices">
                {GENDER_OPTIONS.map((g, i) => (
                  <label key={g} className={`onb-choice${values.gender === GENDER_CODES[g] ? ' is-active' : ''}`}>
                    <input
                      type="radio"
                      name="gender"
                      value={GENDER_CODES[g]}
                      ref={i === 0 ? (el) => { fieldRefs.current.gender = el; } : undefined}
                      checked={values.gender === GENDER_CODES[g]}
                      onChange={() => set('gender', GENDER_CODES[g])}
                    />
                    {t(`onboarding.gender.${g}`)}
                  </label>
                ))}
              </div>
              {fieldError('gender')}
            </fieldset>
            {alertBox}
            <button type="submit" className="button button-primary onb-submit" disabled={busy} aria-busy={busy}>
              {busy ? t('onboarding.saving') : t('onboarding.save')}
            </button>
          </form>
        </section>
      </>
    );
  }

  if (step.name === 'phone') {
    return (
      <>
        {stepper}
        <section className="onb-section" aria-labelledby="onb-phone-title" data-testid="onboarding-phone">
          <h2 id="onb-phone-title" className="onb-title" tabIndex={-1} ref={headingRef}>{t('onboarding.phone.title')}</h2>
          <p className="onb-lead">{t('onboarding.phone.lead')}</p>
          {signedIn}
          <form className="onb-card" onSubmit={sendCode} noValidate>
            <label className="onb-label" htmlFor="onb-phone">{t('login.phone')}</label>
            <div className="onb-phone">
              <span className="onb-dial" aria-hidden="true">{dial}</span>
              <input
                id="onb-phone"
                ref={(el) => { fieldRefs.current.phone = el; }}
                className="onb-input"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                aria-describedby="onb-dial-note"
                aria-invalid={!!alert}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            </div>
            <p id="onb-dial-note" className="onb-note">{t('onboarding.phone.country', { code: dial })}</p>
            {alertBox}
            <button type="submit" className="button button-primary onb-submit" disabled={busy} aria-busy={busy}>{busy ? t('login.sending') : t('login.sendCode')}</button>
          </form>
        </section>
      </>
    );
  }

  // The code sent to the new number.
  return (
    <>
      {stepper}
      <section className="onb-section" aria-labelledby="onb-code-title" data-testid="onboarding-phone-code">
        <h2 id="onb-code-title" className="onb-title" tabIndex={-1} ref={headingRef}>{t('onboarding.phone.title')}</h2>
        <form className="onb-card" onSubmit={verifyCode} noValidate>
          <p id="onb-code-help" className="onb-lead">{t('login.codeSent', { recipient: step.phone, length: OTP_LENGTH })}</p>
          <label className="onb-label" htmlFor="onb-code">{t('login.code')}</label>
          <input
            id="onb-code"
            ref={(el) => { fieldRefs.current.code = el; }}
            className="onb-input onb-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            aria-describedby="onb-code-help"
            aria-invalid={!!alert}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          {alertBox}
          {notice && <p className="onb-notice" role="status">{notice}</p>}
          <button type="submit" className="button button-primary onb-submit" disabled={busy} aria-busy={busy}>{busy ? t('login.verifying') : t('onboarding.phone.verify')}</button>
          <div className="onb-actions">
            <button type="button" className="link-button" onClick={() => void sendCode()} disabled={busy || resendIn > 0}>
              {resendIn > 0 ? t('onboarding.phone.resendIn', { seconds: resendIn }) : t('onboarding.phone.resend')}
            </button>
            <button type="button" className="link-button" onClick={() => { setAlert(null); setNotice(null); setStep({ name: 'phone' }); }}>
              {t('onboarding.phone.change')}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}

/** The phone change's own errors, then the login's (too many attempts, wrong or expired code). */
function authMessage(err: unknown, t: ReturnType<typeof translatorOf>): string {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'phone_exists') return t('onboarding.error.phoneTaken');
  if (code === 'validation_failed') return t('login.error.phone');
  return messageOf(err, t);
}
