/**
 * /admin/settings (issue #27 item 7): the member's own name and avatar (PUT /api/admin/me, the avatar uploaded
 * through POST /api/admin/uploads first), the admin's language (the lang cookie, 365 days, SPEC §4) and the
 * member's own password (supabase-js updates the signed-in account itself).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../../i18n/locales';
import type { AdminMe } from '../../../lib/admin-me';
import { adminProfileInputSchema } from '../../../lib/admin-profile-input';
import { useMe, useSaveProfile, useUploadAvatar } from '../../data/me/queries';
import { useT, saveLanguage } from '../../i18n';
import { describedBy, Dropdown, Field, useZodForm } from '../../kit/form';
import { useNotify } from '../../kit/Notifications';
import { adminSupabase } from '../../session';
import { useErrorText } from '../../kit/LoadFailure';

const LANGUAGE_NAMES: Record<Locale, string> = { 'vi-VN': 'Tiếng Việt', 'en-PH': 'English', 'id-ID': 'Bahasa Indonesia', 'zh-TW': '繁體中文', 'ms-MY': 'Bahasa Melayu', 'th-TH': 'ภาษาไทย' };

export const passwordSchema = z
  .object({ password: z.string().min(8).max(72), confirm: z.string().min(1) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'form.passwordMismatch' });

const nameSchema = adminProfileInputSchema.pick({ name: true });
const AVATAR_TYPES = 'image/jpeg,image/png,image/webp';

/** The first server message of a failed call, else the generic one. */

function ProfileCard({ me }: { me: AdminMe }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const upload = useUploadAvatar();
  const save = useSaveProfile();
  const fileId = useId();
  const form = useZodForm(nameSchema, { name: me.name });
  // undefined: keep the saved avatar; null: remove it; a path: the new upload.
  const [avatar, setAvatar] = useState<{ path: string | null; preview: string | null } | undefined>(undefined);
  const preview = avatar === undefined ? me.avatar : avatar.preview;
  const error = form.formState.errors.name?.message;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (u) => setAvatar({ path: u.path, preview: u.url }),
      onError: (err) => notify('danger', errorText(err)),
    });
  };
  const onSubmit = form.handleSubmit(({ name }) =>
    save.mutateAsync({ name, ...(avatar === undefined ? {} : { avatarPath: avatar.path }) }).then(
      (saved) => {
        notify('success', t('admin.profile.saved'));
        setAvatar(undefined);
        form.reset({ name: saved.name });
      },
      (err) => notify('danger', errorText(err)),
    ),
  );

  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('admin.profile.title')}</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <span className="field-label">{t('admin.profile.avatar')}</span>
          <div className="avatar-row">
            {preview ? (
              <img className="profile-avatar" src={preview} alt={t('admin.profile.avatarAlt')} width={80} height={80} data-testid="settings-avatar" />
            ) : (
              <span className="profile-avatar" aria-hidden="true">
                {me.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="avatar-actions">
              {/* The input stays in the tab order (visually hidden); its label is the visible button. */}
              <input id={fileId} type="file" accept={AVATAR_TYPES} className="sr-only file-input" onChange={onFile} aria-describedby={`${fileId}-hint`} disabled={upload.isPending} data-testid="avatar-file" />
              <label className="btn" htmlFor={fileId}>
                {upload.isPending ? t('admin.profile.uploading') : t('admin.profile.chooseAvatar')}
              </label>
              {preview ? (
                <button type="button" className="btn-link" onClick={() => setAvatar({ path: null, preview: null })}>
                  {t('admin.profile.removeAvatar')}
                </button>
              ) : null}
            </div>
          </div>
          <p className="field-hint" id={`${fileId}-hint`}>
            {t('admin.profile.avatarHint')}
          </p>
        </div>
        <Field id="profile-name" label={t('admin.profile.name')} error={error} required>
          <input {...form.register('name')} {...describedBy('profile-name', error)} autoComplete="name" className="input" maxLength={100} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting || upload.isPending}>
            {t('admin.common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function SettingsScreen() {
  const me = useMe().data;
  const { t, locale } = useT();
  const notify = useNotify();
  const [lang, setLang] = useState<Locale>(locale);
  const form = useZodForm(passwordSchema, { password: '', confirm: '' });
  const errors = form.formState.errors;

  const onPassword = form.handleSubmit(async ({ password }) => {
    const { error } = await (await adminSupabase()).auth.updateUser({ password });
    if (error) notify('danger', error.message || t('admin.errorOccurred'));
    else {
      notify('success', t('admin.settings.passwordChanged'));
      form.reset();
    }
  });

  return (
    <div className="grid-2">
      {me ? <ProfileCard me={me} /> : null}
      <section className="card" aria-labelledby="lang-heading">
        <h2 id="lang-heading">{t('admin.settings.language')}</h2>
        <Dropdown label={t('admin.settings.language')} placeholder={LANGUAGE_NAMES[lang]} value={lang} options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} onChange={(v) => setLang(v as Locale)} />
        <div className="form-actions" style={{ marginTop: 16 }}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={lang === locale}
            onClick={() => {
              saveLanguage(lang);
              window.location.reload();
            }}
          >
            {t('admin.common.save')}
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="password-heading">
        <h2 id="password-heading">{t('admin.settings.password')}</h2>
        <form onSubmit={onPassword} noValidate>
          <Field id="new-password" label={t('admin.settings.newPassword')} error={errors.password?.message} required>
            <input {...form.register('password')} {...describedBy('new-password', errors.password?.message)} type="password" autoComplete="new-password" className="input" />
          </Field>
          <Field id="confirm-password" label={t('admin.settings.confirmPassword')} error={errors.confirm?.message} required>
            <input {...form.register('confirm')} {...describedBy('confirm-password', errors.confirm?.message)} type="password" autoComplete="new-password" className="input" />
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
              {t('admin.settings.changePassword')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
