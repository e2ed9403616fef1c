/**
 * /admin/services (issue 37; SPEC §2): the top bar's hospital_id and branch_id, a status filter and the keyword
 * (sent from 3 characters, debounced 300 ms) kept in the URL; the paginated table after the doctors list's
 * pattern; the Active toggle (deactivate asks first); row actions Edit, View page, Delete (refused with the
 * server's message for a service with bookings); the add button to /admin/services/new-service and the service
 * import in the kebab menu (moved here from the doctors list). Rows are scoped by role on the server.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { ADMIN_KEYWORD_MIN_CHARS } from '../../../../lib/admin-doctors';
import { NEW_SERVICE_PATH, serviceRoutes, type AdminServiceListItem } from '../../../../lib/admin-services';
import { kebabImports } from '../../../../lib/admin-rules';
import { importMenuTypes, type ImportType } from '../../../../lib/csv-import';
import { isPlatformAdmin } from '../../../../lib/roles';
import { useDeleteService, useServiceList, useServiceStatus } from '../../../data/services/queries';
import { useMe } from '../../../data/me/queries';
import { useT } from '../../../i18n';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { DataTable } from '../../../kit/DataTable';
import { Dropdown } from '../../../kit/form';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { Kebab, ListToolbar } from '../../../kit/ListToolbar';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';
import { ImportDialog } from '../../doctors/doctor-import/ImportDialog';
import { publicServiceHref, serviceColumns } from './columns';

export const serviceListState = baseListSchema.extend({
  status: z.enum(['1', '0']).optional().catch(undefined),
  hospital_id: z.coerce.number().int().positive().optional().catch(undefined),
  branch_id: z.coerce.number().int().positive().optional().catch(undefined),
});

const ALL = 'all';
type Pending = { kind: 'deactivate' | 'activate' | 'delete'; service: AdminServiceListItem };

export default function ServiceListScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [state, update] = useListState(serviceListState);
  // Platform admins work in the market of their language; other roles are held to their organization by the server.
  const countryId = isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined;
  const keyword = [...state.keyword].length >= ADMIN_KEYWORD_MIN_CHARS ? state.keyword : undefined;
  const list = useServiceList({ page: state.page, keyword, hospitalId: state.hospital_id, branchId: state.branch_id, status: state.status ? (Number(state.status) as 0 | 1) : undefined, countryId });
  const status = useServiceStatus();
  const del = useDeleteService();
  const [pending, setPending] = useState<Pending | null>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const [importing, setImporting] = useState<ImportType | null>(null);

  const onConfirm = () => {
    if (!pending) return;
    setPopupError(null);
    const done = (messages: string[], fallback: string) => {
      setPending(null);
      notify('success', messages[0] ?? fallback);
    };
    if (pending.kind === 'delete') {
      del.mutate(pending.service.id, { onSuccess: (r) => done(r.messages, t('admin.services.delete')), onError: (e) => setPopupError(errorText(e)) });
    } else {
      status.mutate(
        { id: pending.service.id, status: pending.kind === 'activate' ? 1 : 0 },
        { onSuccess: (r) => done(r.messages, t('admin.services.statusChanged')), onError: (e) => setPopupError(errorText(e)) },
      );
    }
  };

  const rowActions = (s: AdminServiceListItem) => (
    <Kebab
      label={t('admin.services.actionsFor', { name: s.name })}
      items={[
        { key: 'edit', label: t('admin.services.edit'), onSelect: () => navigate(serviceRoutes(s.id).edit) },
        { key: 'page', label: t('admin.services.viewPage'), disabled: !s.isActive, onSelect: () => window.open(publicServiceHref(s), '_blank', 'noopener') },
        { key: 'delete', label: t('admin.services.delete'), onSelect: () => setPending({ kind: 'delete', service: s }) },
      ]}
    />
  );

  const statusOptions = [
    { value: ALL, label: t('admin.services.allStatuses') },
    { value: '1', label: t('admin.services.active') },
    { value: '0', label: t('admin.services.inactive') },
  ];
  const data = list.data;
  const name = pending?.service.name ?? '';
  return (
    <section aria-labelledby="services-heading" className="screen">
      <h2 id="services-heading" className="sr-only">
        {t('admin.menu.services')}
      </h2>
      <ListToolbar
        keyword={state.keyword}
        onKeyword={(k) => update({ keyword: k })}
        searchLabel={t('admin.services.search')}
        filter={<Dropdown label={t('admin.services.status')} placeholder={t('admin.services.allStatuses')} value={state.status ?? ALL} options={statusOptions} onChange={(v) => update({ status: v === ALL ? null : v })} />}
        add={{ label: t('admin.addMenu.newService'), to: NEW_SERVICE_PATH }}
        kebab={importMenuTypes(me.role)
          .filter((type) => kebabImports('services').includes(type))
          .map((type) => ({ key: `import-${type}`, label: t(`admin.imports.menu.${type}`), onSelect: () => setImporting(type) }))}
      />
      {list.isError ? (
        <p className="alert alert-danger" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        label={t('admin.menu.services')}
        columns={serviceColumns(tr, {
          rowActions,
          onActiveToggle: (s) => setPending({ kind: s.isActive ? 'deactivate' : 'activate', service: s }),
          busyId: status.isPending ? pending?.service.id : undefined,
        })}
        rows={data?.services}
        rowId={(s) => String(s.id)}
        loading={list.isFetching}
        sort={{}}
        onSortChange={() => undefined}
        onRowClick={(s) => navigate(serviceRoutes(s.id).edit)}
      />
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      <ImportDialog type={importing} countryId={countryId ?? LOCALE_CONFIG[locale].countryId} onClose={() => setImporting(null)} />
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(o) => {
          if (!o) {
            setPending(null);
            setPopupError(null);
          }
        }}
        onConfirm={onConfirm}
        busy={status.isPending || del.isPending}
        error={popupError}
        danger={pending?.kind !== 'activate'}
        title={pending?.kind === 'deactivate' ? t('admin.services.deactivateTitle') : pending?.kind === 'activate' ? t('admin.services.activateTitle') : t('admin.services.deleteTitle')}
        description={pending?.kind === 'deactivate' ? t('admin.services.deactivateText', { name }) : pending?.kind === 'activate' ? t('admin.services.activateText', { name }) : t('admin.services.deleteText', { name })}
        confirmText={pending?.kind === 'deactivate' ? t('admin.services.deactivate') : pending?.kind === 'activate' ? t('admin.services.activate') : t('admin.services.delete')}
        cancelText={t('admin.common.cancel')}
      />
    </section>
  );
}
