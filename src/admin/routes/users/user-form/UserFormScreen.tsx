/**
 * /admin/users/new-user and /admin/users/{userId}: a staff account's name, e-mail, phone, role (only roles below
 * the viewer's own), organization and branches. The same zod schema validates here and in the function; the server
 * re-checks the grant rule (src/lib/admin-users.ts and the database function assert_staff_grant).
 */
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { ALERT_DISMISS_MS } from '../../../../lib/admin-rules';
import { DIAL_CODES } from '../../../../lib/login';
import { marketCountryCode, staffCountryId } from '../../../../lib/admin-market';
import { adminUserInputSchema, grantableRoles, type AdminUserInput } from '../../../../lib/admin-users';
import { useMe } from '../../../data/me/queries';
import { useSaveUser, useUser } from '../../../data/users/queries';
import { useT } from '../../../i18n';
import { describedBy, Dropdown, Field, MultiSelect, PhoneInput, useZodForm } from '../../../kit/form';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { useBranches, useOrganizations } from '../../../shell/scope';
import { roleLabel } from '../user-list/columns';
import { LoadFailure, useErrorText } from '../../../kit/LoadFailure';

export default function UserFormScreen() {
  const tr = useT();
  const { t } = tr;
  const { userId } = useParams();
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const existing = useUser(userId);
  const save = useSaveUser(userId);
  const platform = me.role === 'admin' || me.role === 'super';
  const form = useZodForm(adminUserInputSchema, { name: '', email: '', phone: '', role: grantableRoles(me.role).at(-1) ?? 'branch', organizationId: platform ? null : (me.hospital?.id ?? null), branchIds: [] });
  const { errors } = form.formState;
  const role = form.watch('role');
  const organizationId = form.watch('organizationId');
  const orgs = useOrganizations(true);
  const branches = useBranches(organizationId);

  useEffect(() => {
    const u = existing.data?.user;
    if (u && u.role !== 'super' && u.role !== 'doctor') form.reset({ name: u.name, email: u.email, phone: u.phone ?? '', role: u.role, organizationId: u.organizationId, branchIds: u.branches.map((b) => b.id) });
  }, [existing.data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (userId && existing.isPending) return <Spinner />;
  if (userId && existing.isError)
    return <LoadFailure error={existing.error} />;

  const onSubmit = form.handleSubmit((input: AdminUserInput) =>
    save.mutate(input, {
      onSuccess: ({ messages }) => {
        notify('success', messages[0] ?? (userId ? t('admin.users.updated') : t('admin.users.created')), ALERT_DISMISS_MS.usersList);
        navigate('/admin/users');
      },
      onError: (e) => notify('danger', errorText(e), ALERT_DISMISS_MS.usersList),
    }),
  );
  const withBranches = role === 'branch' || role === 'senior_branch';
  // The phone prefix is the user's organization's market, not the screen language's (issue #38 item 8).
  const phoneCountryId = orgs.data?.find((o) => o.id === organizationId)?.countryId ?? staffCountryId(me, tr.locale);
  const branchError = errors.branchIds?.message;

  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-labelledby="user-form-title">
      <h2 id="user-form-title">{userId ? t('admin.users.editUser') : t('admin.users.newUser')}</h2>
      <div className="grid-2">
        <Field id="user-name" label={t('admin.users.field.name')} error={errors.name?.message} required>
          <input {...form.register('name')} {...describedBy('user-name', errors.name?.message)} className="input" autoComplete="off" maxLength={100} />
        </Field>
        <Field id="user-email" label={t('admin.users.field.email')} error={errors.email?.message} required hint={userId ? undefined : t('admin.users.field.emailHint')}>
          <input {...form.register('email')} {...describedBy('user-email', errors.email?.message, userId ? undefined : 'hint')} type="email" className="input" autoComplete="off" readOnly={!!userId} />
        </Field>
        <Field id="user-phone" label={t('admin.users.col.phone')} error={errors.phone?.message}>
          <PhoneInput {...form.register('phone')} {...describedBy('user-phone', errors.phone?.message)} countryCode={DIAL_CODES[marketCountryCode(phoneCountryId, tr.locale)] ?? ''} />
        </Field>
        <Field id="user-role" label={t('admin.users.col.role')} error={errors.role?.message} required>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Dropdown
                id="user-role"
                label={t('admin.users.col.role')}
                placeholder={t('admin.users.col.role')}
                value={field.value}
                options={grantableRoles(me.role).map((r) => ({ value: r, label: roleLabel(tr, r) }))}
                onChange={(v) => {
                  field.onChange(v);
                  form.setValue('branchIds', []);
                }}
              />
            )}
          />
        </Field>
        {role !== 'admin' ? (
          <Field id="user-org" label={t('admin.scope.hospital')} error={errors.organizationId?.message} required>
            <Controller
              control={form.control}
              name="organizationId"
              render={({ field }) => (
                <Dropdown
                  id="user-org"
                  label={t('admin.scope.hospital')}
                  placeholder={t('admin.users.field.chooseHospital')}
                  value={field.value == null ? null : String(field.value)}
                  options={(orgs.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
                  onChange={(v) => {
                    field.onChange(Number(v));
                    form.setValue('branchIds', []);
                  }}
                  disabled={!platform}
                />
              )}
            />
          </Field>
        ) : null}
        {withBranches ? (
          <Field id="user-branches" label={t('admin.scope.branch')} error={branchError} required>
            <Controller
              control={form.control}
              name="branchIds"
              render={({ field }) => (
                <MultiSelect
                  id="user-branches"
                  value={field.value.map(String)}
                  options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                  onChange={(v) => field.onChange((role === 'branch' ? v.slice(-1) : v).map(Number))}
                  placeholder={t('admin.users.field.chooseBranches')}
                  describedBy={describedBy('user-branches', branchError)}
                />
              )}
            />
          </Field>
        ) : null}
      </div>
      <div className="form-actions">
        <Link to="/admin/users" className="btn">
          {t('admin.common.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}
