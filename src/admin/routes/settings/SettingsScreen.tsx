/**
 * /admin/settings: the admin's language (the lang cookie, 365 days, SPEC §4) and the member's own password
 * (supabase-js updates the signed-in account itself).
 */
import { useState } from 'react';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../../i18n/locales';
import { useT, saveLanguage } from '../../i18n';
import { describedBy, Dropdown, Field, useZodForm } from '../../kit/form';
import { useNotify } from '../../kit/Notifications';
import { adminSupabase } from '../../session';

const LANGUAGE_NAMES: Record<Locale, string> = { 'vi-VN': 'Tiếng Việt', 'en-PH': 'English', 'id-ID': 'Bahasa Indonesia', 'zh-TW': '繁體中文', 'ms-MY': 'Bahasa Melayu', 'th-TH': 'ภาษาไทย' };

export const passwordSchema = z
  .object({ password: z.string().min(8).max(72), confirm: z.string().min(1) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'form.passwordMismatch' });

export default function SettingsScreen() {
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
