/** Columns of the users table (SPEC §2): User info (avatar, name, e-mail), Hospital with branch names, Phone Number, Role. */
import type { AdminUser } from '../../../../lib/admin-users';
import { ROLE_BADGE_COLOURS } from '../../../../lib/roles';
import type { ColumnDef } from '../../../kit/DataTable';
import type { Translator } from '../../../i18n';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';

const ROLE_KEY = { admin: 'admin.role.admin', super: 'admin.role.super', facility: 'admin.role.facility', branch: 'admin.role.branch', doctor: 'admin.role.doctor', senior_branch: 'admin.role.seniorBranch' } as const;

export function roleLabel(tr: Translator, role: AdminUser['role']): string {
  return tr.t(ROLE_KEY[role], { site: LOCALE_CONFIG[tr.locale].siteName });
}

export function userColumns(tr: Translator, actions: (u: AdminUser) => React.ReactNode): ColumnDef<AdminUser>[] {
  const { t } = tr;
  return [
    { id: 'name', text: t('admin.users.col.user'), sortable: true, cell: (u) => ({ kind: 'info', image: u.avatar, title: u.name, caption: u.email }) },
    { id: 'hospital', text: t('admin.users.col.hospital'), cell: (u) => ({ kind: 'two_line', first: u.hospital?.name ?? '', second: u.branches.map((b) => b.name).join(', ') }) },
    { id: 'phone', text: t('admin.users.col.phone'), cell: (u) => ({ kind: 'string', value: u.phone }) },
    { id: 'role', text: t('admin.users.col.role'), sortable: true, cell: (u) => ({ kind: 'key', label: roleLabel(tr, u.role), colour: ROLE_BADGE_COLOURS[u.role] }) },
    { id: 'actions', text: t('admin.table.actions'), align: 'right', cell: (u) => ({ kind: 'options', value: actions(u) }) },
  ];
}
