/**
 * The patient's profile (issue 28 item 5): name, birthday and gender with the onboarding's rules
 * (src/lib/onboarding-profile.ts, re-checked by PUT /api/me/profile), the language of their e-mails, and the
 * phone and e-mail they confirmed by code (onboarding), shown with their state. A saved name reaches the header.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { EARLIEST_BIRTHDAY, GENDER_OPTIONS, GENDER_CODES, hasProfileErrors, validateOnboardingProfile, type ProfileErrors } from '../../lib/onboarding-profile';
import { $session, setAccount } from '../../scripts/session-store';
import { AccountCallError, accountCall, goToLogin, localToday, translatorOf, type Strings } from './api';

interface Props {
  strings: Strings;
  loginPath: string;
  onboardingPath: string;
  /** The six languages, each named in itself. */
  languages: { locale: string; name: string }[];
  siteLocale: string;
}

interface MeAnswer {
  id: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  preferredLocale: string | null;
  profile: { name: string | null; birthday: string | null; gender: number | null; phone: string | null; phone_verified_at: string | null; email: string | null; email_verified_at: string | null } | null;
}

export default function ProfileForm({ strings, loginPath, onboardingPath, languages, siteLocale }: Props) {
  const t = translatorOf(strings);
  const session = useStore($session);
  const uid = useId();
  const [mounted, setMounted] = useState(false);
  const [me, setMe] = useState<MeAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [birthday, setBirthday] = useState('');
  const [gender, setGender] = useState<number | null>(null);
  const [language, setLanguage] = useState(siteLocale);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedOut = () => goToLogin(loginPath);

  async function load() {
    setLoadFailed(false);
    try {
      const { data } = await accountCall<MeAnswer>('/api/me', {}, signedOut);
      setMe(data);
      setName(data.profile?.name ?? '');
      setBirthday(data.profile?.birthday ?? '');
      setGender(data.profile?.gender ?? null);
      setLanguage(data.preferredLocale ?? siteLocale);
    } catch {
      setLoadFailed(true);
    }
  }

  useEffect(() => {
    setMounted(true);
    if (session.status === 'visitor') signedOut();
    else void load();
  }, [session.status]);

  if (mounted && session.status === 'visitor') return <p className="acc-muted">{t('account.signInRequired')}</p>;
  if (loadFailed)
    return (
      <p className="acc-error" role="alert">
        {t('common.error')}{' '}
        <button type="button" className="acc-link" onClick={() => void load()}>
          {t('account.retry')}
        </button>
      </p>
    );
  if (!me) return <p className="acc-muted">{t('account.loading')}</p>;

  async function save(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setNotice(null);
    const found = validateOnboardingProfile({ name, birthday, gender }, localToday());
    setErrors(found);
    if (hasProfileErrors(found)) return;
    setBusy(true);
    try {
      const { data } = await accountCall<{ profile: { name: string | null } }>(
        '/api/me/profile',
        { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, birthday, gender, preferredLocale: language }) },
        signedOut,
      );
      setAccount({ userId: me!.id, name: data.profile.name, avatar: me!.avatar, login: me!.email ?? me!.phone });
      setNotice(t('account.profile.saved'));
    } catch (err) {
      setFailure((err instanceof AccountCallError && err.messages[0]) || t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  const contact = (label: string, value: string | null, verified: boolean, testId: string) => (
    <div className="acc-contact" data-testid={testId}>
      <span className="acc-muted">{label}</span>
      <span>{value ?? '—'}</span>
      {value && <span className={`acc-badge${verified ? ' acc-badge-ok' : ''}`}>{t(verified ? 'account.profile.verified' : 'account.profile.notVerified')}</span>}
      {!verified && (
        <a className="acc-link" href={`${onboardingPath}?${new URLSearchParams({ returnUrl: location.pathname })}`}>
          {t('account.profile.verify')}
        </a>
      )}
    </div>
  );
  const err = (f: keyof ProfileErrors) => errors[f] && <p className="acc-field-error">{t(errors[f]!.key, errors[f]!.params)}</p>;

  return (
    <form className="acc-card acc-form" noValidate onSubmit={save} data-testid="profile-form">
      <p className="acc-notice" role="status">
        {notice}
      </p>
      <div className="acc-field">
        <label htmlFor={`${uid}-name`}>{t('account.family.name')}</label>
        <input id={`${uid}-name`} value={name} autoComplete="name" aria-invalid={!!errors.name} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
        {err('name')}
      </div>
      <div className="acc-field">
        <label htmlFor={`${uid}-birthday`}>{t('account.family.birthday')}</label>
        <input id={`${uid}-birthday`} type="date" min={EARLIEST_BIRTHDAY} max={localToday()} value={birthday} aria-invalid={!!errors.birthday} onInput={(e) => setBirthday((e.currentTarget as HTMLInputElement).value)} />
        {err('birthday')}
      </div>
      <fieldset className="acc-field acc-choice">
        <legend>{t('account.family.gender')}</legend>
        {GENDER_OPTIONS.map((g) => (
          <label key={g}>
            <input type="radio" name={`${uid}-gender`} checked={gender === GENDER_CODES[g]} onChange={() => setGender(GENDER_CODES[g])} />
            {t(`account.profile.gender.${g}`)}
          </label>
        ))}
        {err('gender')}
      </fieldset>
      <div className="acc-field">
        <label htmlFor={`${uid}-language`}>{t('account.profile.language')}</label>
        <select id={`${uid}-language`} value={language} onChange={(e) => setLanguage((e.currentTarget as HTMLSelectElement).value)}>
          {languages.map((l) => (
            <option key={l.locale} value={l.locale} lang={l.locale}>
              {l.name}
            </option>
          ))}
        </select>
        <p className="acc-hint">{t('account.profile.languageHint')}</p>
      </div>
      <div className="acc-field">
        <span className="acc-label">{t('account.profile.contact')}</span>
        {contact(t('account.family.phone').replace(/\s*\(.*\)$/, ''), me.profile?.phone ?? me.phone, !!me.profile?.phone_verified_at, 'profile-phone')}
        {contact(t('account.family.email'), me.profile?.email ?? me.email, !!me.profile?.email_verified_at, 'profile-email')}
      </div>
      {failure && (
        <p className="acc-error" role="alert">
          {failure}
        </p>
      )}
      <div className="acc-actions">
        <button type="submit" className="acc-primary" disabled={busy} aria-busy={busy}>
          {t(busy ? 'account.family.saving' : 'account.family.save')}
        </button>
      </div>
    </form>
  );
}
