/**
 * /admin/login: staff sign in with e-mail and password (supabase-js), then return to where they were (returnTo).
 * 'Forgot password' sends the reset e-mail (SPEC §7): the server's message on success, on failure the server's
 * message or the not-found text, in a danger alert.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { forgotPasswordSchema, resetPasswordSchema, staffSignInSchema } from '../../../lib/admin-auth';
import { ApiError, call, safeReturnTo } from '../../api';
import { meKeys } from '../../data/me/keys';
import { useT } from '../../i18n';
import { describedBy, Field, useZodForm } from '../../kit/form';
import { usePageTitle } from '../../shell/title';
import { signIn } from '../../session';

const newPasswordSchema = resetPasswordSchema.pick({ password: true });

/** The form behind a reset link (?reset=<token>): the new password, then back to signing in. */
function SetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { t } = useT();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(newPasswordSchema, { password: '' });
  const message = form.formState.errors.password?.message;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const { messages } = await call('/api/admin/reset-password', { method: 'POST', body: { token, password }, data: z.null() });
      onDone(messages[0] ?? t('admin.settings.passwordChanged'));
    } catch (e) {
      setError((e instanceof ApiError && e.firstMessage) || t('admin.errorOccurred'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      <Field id="reset-password" label={t('admin.settings.newPassword')} error={message} required>
        <input {...form.register('password')} {...describedBy('reset-password', message)} type="password" autoComplete="new-password" className="input" />
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.formState.isSubmitting}>
        {t('admin.settings.changePassword')}
      </button>
    </form>
  );
}

export default function LoginScreen() {
  const { t, locale } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'signIn' | 'forgot'>('signIn');
  const [alert, setAlert] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  usePageTitle(mode === 'signIn' ? t('admin.login.title') : t('admin.login.forgotTitle'));
  const form = useZodForm(staffSignInSchema, { email: '', password: '' });
  const forgot = useZodForm(forgotPasswordSchema, { email: '' });

  const onSignIn = form.handleSubmit(async ({ email, password }) => {
    setAlert(null);
    const refusal = await signIn(email, password);
    if (refusal) {
      setAlert({ tone: 'danger', text: t(refusal === 'tooMany' ? 'admin.login.tooMany' : 'admin.login.failed') });
      return;
    }
    queryClient.removeQueries({ queryKey: meKeys.all });
    navigate(safeReturnTo(params.get('returnTo')), { replace: true });
  });

  const onForgot = forgot.handleSubmit(async ({ email }) => {
    setAlert(null);
    try {
      const { messages } = await call('/api/admin/forgot-password', { method: 'POST', body: { email }, data: z.null() });
      setAlert({ tone: 'success', text: messages[0] ?? t('admin.login.resetSent') });
    } catch (e) {
      setAlert({ tone: 'danger', text: (e instanceof ApiError && e.firstMessage) || t('admin.login.notFound') });
    }
  });

  const resetToken = params.get('reset');
  if (resetToken)
    return (
      <main className="login" id="admin-main">
        <div className="login-card">
          <p className="brand-name login-brand">{t('admin.shell.brand', { site: LOCALE_CONFIG[locale].siteName })}</p>
          <h1>{t('admin.settings.changePassword')}</h1>
          <SetPasswordForm
            token={resetToken}
            onDone={(text) => {
              setAlert({ tone: 'success', text });
              navigate('/admin/login', { replace: true });
            }}
          />
        </div>
      </main>
    );

  const f = mode === 'signIn' ? form : forgot;
  const errors = f.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <main className="login" id="admin-main">
      <div className="login-card">
        <p className="brand-name login-brand">{t('admin.shell.brand', { site: LOCALE_CONFIG[locale].siteName })}</p>
        <h1>{mode === 'signIn' ? t('admin.login.title') : t('admin.login.forgotTitle')}</h1>
        {alert ? (
          <p className={`alert alert-${alert.tone}`} role={alert.tone === 'danger' ? 'alert' : 'status'}>
            {alert.text}
          </p>
        ) : null}
        <form onSubmit={mode === 'signIn' ? onSignIn : onForgot} noValidate>
          <Field id="login-email" label={t('admin.login.email')} error={errors.email?.message} required>
            <input {...(mode === 'signIn' ? form.register('email') : forgot.register('email'))} {...describedBy('login-email', errors.email?.message)} type="email" autoComplete="username" className="input" />
          </Field>
          {mode === 'signIn' ? (
            <Field id="login-password" label={t('admin.login.password')} error={errors.password?.message} required>
              <input {...form.register('password')} {...describedBy('login-password', errors.password?.message)} type="password" autoComplete="current-password" className="input" />
            </Field>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={f.formState.isSubmitting} aria-busy={f.formState.isSubmitting}>
            {mode === 'signIn' ? t('admin.login.submit') : t('admin.login.sendReset')}
          </button>
        </form>
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setAlert(null);
            setMode(mode === 'signIn' ? 'forgot' : 'signIn');
          }}
        >
          {mode === 'signIn' ? t('admin.login.forgot') : t('admin.login.back')}
        </button>
      </div>
    </main>
  );
}
