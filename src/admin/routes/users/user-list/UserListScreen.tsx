/**
 * /admin/users (SPEC §2, §6): keyword search, the role filter of the viewer's role, the table, pagination; row
 * click or Edit opens the user; Reset password (confirmation showing the e-mail, then an alert) and Edit for admin,
 * super and organization managers; Delete only for super. Alerts dismiss after 10 s. All list state is in the URL.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ADD_BUTTON_TARGETS, ALERT_DISMISS_MS, ALL_ROLES_FILTER, ROLE_FILTER_IDS, userRoleFilter, userRoute, userRowActions } from '../../../../lib/admin-rules';
import { roleIdParam, type AdminUser } from '../../../../lib/admin-users';
import { ApiError } from '../../../api';
import { useMe } from '../../../data/me/queries';
import { useDeleteUser, useResetPassword, useUserList } from '../../../data/users/queries';
import { useT } from '../../../i18n';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { DataTable } from '../../../kit/DataTable';
import { Dropdown } from '../../../kit/form';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { Kebab, ListToolbar } from '../../../kit/ListToolbar';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';
import { roleLabel, userColumns } from './columns';
import { useErrorText } from '../../../kit/LoadFailure';

export const userListState = baseListSchema.extend({
  roleId: roleIdParam.catch(ALL_ROLES_FILTER).default(ALL_ROLES_FILTER),
  sort_by: z.enum(['name', 'role', 'email']).optional().catch(undefined),
  hospital_id: z.coerce.number().int().positive().optional().catch(undefined),
  branch_id: z.coerce.number().int().positive().optional().catch(undefined),
});

const FILTER_ROLE_OF_ID = Object.fromEntries(Object.entries(ROLE_FILTER_IDS).map(([r, id]) => [String(id), r])) as Record<string, keyof typeof ROLE_FILTER_IDS>;

export default function UserListScreen() {
  const tr = useT();
  const { t } = tr;
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [state, update] = useListState(userListState);
  const filter = userRoleFilter(tr.locale, me.role);
  const actions = userRowActions(me.role);
  const list = useUserList({ page: state.page, keyword: state.keyword || undefined, roleId: filter.disabled ? ALL_ROLES_FILTER : state.roleId, hospitalId: state.hospital_id, branchId: state.branch_id, sort_by: state.sort_by, sort: state.sort });
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'reset'; user: AdminUser } | null>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const del = useDeleteUser();
  const reset = useResetPassword();

  const filterOptions = filter.options.map((o) => ({ value: o.value, label: o.value === ALL_ROLES_FILTER ? t('admin.users.allRoles') : roleLabel(tr, FILTER_ROLE_OF_ID[o.value]!) }));

  const rowActions = (u: AdminUser) => {
    const items = [
      ...(actions.edit ? [{ key: 'edit', label: t('admin.users.edit'), onSelect: () => navigate(userRoute(u.id)) }] : []),
      ...(actions.resetPassword ? [{ key: 'reset', label: t('admin.users.resetPassword'), onSelect: () => setConfirm({ kind: 'reset', user: u }) }] : []),
      ...(actions.delete && u.id !== me.id ? [{ key: 'delete', label: t('admin.users.delete'), onSelect: () => setConfirm({ kind: 'delete', user: u }) }] : []),
    ];
    return items.length ? <Kebab items={items} label={t('admin.users.actionsFor', { name: u.name })} /> : null;
  };

  const onConfirm = () => {
    if (!confirm) return;
    setPopupError(null);
    if (confirm.kind === 'delete') {
      del.mutate(confirm.user.id, {
        onSuccess: ({ messages }) => {
          setConfirm(null);
          notify('success', messages[0] ?? t('admin.users.deleted'), ALERT_DISMISS_MS.usersList);
        },
        // Status -1: the first server message in the popup; no answer at all: 'An error occured' (SPEC §8).
        onError: (e) => setPopupError((e instanceof ApiError && e.firstMessage) || t('admin.users.deleteFailed')),
      });
    } else {
      reset.mutate(confirm.user.id, {
        onSuccess: ({ messages }) => {
          setConfirm(null);
          notify('success', messages[0] ?? t('admin.users.resetSent', { email: confirm.user.email }), ALERT_DISMISS_MS.usersList);
        },
        onError: (e) => {
          setConfirm(null);
          notify('danger', errorText(e), ALERT_DISMISS_MS.usersList);
        },
      });
    }
  };

  const data = list.data;
  return (
    <section aria-labelledby="users-heading" className="screen">
      <h2 id="users-heading" className="sr-only">
        {t('admin.menu.users')}
      </h2>
      <ListToolbar
        keyword={state.keyword}
        onKeyword={(keyword) => update({ keyword })}
        searchLabel={t('admin.users.search')}
        filter={
          <Dropdown
            label={t('admin.users.roleFilter')}
            placeholder={t('admin.users.allRoles')}
            value={filter.disabled ? null : state.roleId}
            options={filterOptions}
            onChange={(roleId) => update({ roleId: roleId === ALL_ROLES_FILTER ? null : roleId })}
            disabled={filter.disabled}
          />
        }
        add={actions.edit ? { label: t('admin.addMenu.newUser'), to: ADD_BUTTON_TARGETS.user } : undefined}
      />
      <DataTable
        label={t('admin.menu.users')}
        columns={userColumns(tr, rowActions)}
        rows={data?.admins}
        rowId={(u) => u.id}
        loading={list.isFetching}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        sort={{ sort_by: state.sort_by, sort: state.sort }}
        onSortChange={(s) => update({ sort_by: s.sort_by, sort: s.sort })}
        onRowClick={actions.edit ? (u) => navigate(userRoute(u.id)) : undefined}
      />
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(o) => {
          if (!o) {
            setConfirm(null);
            setPopupError(null);
          }
        }}
        onConfirm={onConfirm}
        busy={del.isPending || reset.isPending}
        error={popupError}
        danger={confirm?.kind === 'delete'}
        title={confirm?.kind === 'reset' ? t('admin.users.resetTitle') : undefined}
        description={confirm?.kind === 'reset' ? t('admin.users.resetText', { email: confirm.user.email }) : undefined}
        confirmText={confirm?.kind === 'reset' ? t('admin.users.resetConfirm') : undefined}
        cancelText={confirm?.kind === 'reset' ? t('admin.common.cancel') : undefined}
      />
    </section>
  );
}
