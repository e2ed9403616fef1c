/**
 * /admin/doctors (SPEC §2, §4, §6): the top bar's hospital_id and branch_id, a specialty filter ('All
 * Specialties') and the keyword (sent from 3 characters) kept in the URL; the paginated table; the Active toggle
 * with its three paths (deactivate confirmation; an inactive doctor without slots goes to its availability;
 * activate confirmation); row actions: Enable or Disable Telemedicine (disabled for partner-group doctors), View
 * details, Edit, View page, Duplicate, Delete (refused with the server's message for a doctor with bookings). The add button is
 * hidden for the doctor role. The row opens the detail.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { ADMIN_KEYWORD_MIN_CHARS, type AdminDoctorListItem } from '../../../../lib/admin-doctors';
import { ADD_BUTTON_TARGETS, doctorActiveToggle, doctorRoutes, kebabImports, showDoctorsAddButton, telemedicineAction } from '../../../../lib/admin-rules';
import { isPlatformAdmin } from '../../../../lib/roles';
import { useErrorText } from '../../../kit/LoadFailure';
import { useDeleteDoctor, useDoctorList, useDoctorStatus, useDoctorTelemedicine, useSpecialties } from '../../../data/doctors/queries';
import { useMe } from '../../../data/me/queries';
import { useT } from '../../../i18n';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { DataTable } from '../../../kit/DataTable';
import { Dropdown } from '../../../kit/form';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { Kebab, ListToolbar } from '../../../kit/ListToolbar';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';
import { doctorColumns, publicDoctorHref } from './columns';
import { importMenuTypes, type ImportType } from '../../../../lib/csv-import';
import { ImportDialog } from '../doctor-import/ImportDialog';
import { staffCountryId } from '../../../../lib/admin-market';

export const doctorListState = baseListSchema.extend({
  specialty_id: z.coerce.number().int().positive().optional().catch(undefined),
  hospital_id: z.coerce.number().int().positive().optional().catch(undefined),
  branch_id: z.coerce.number().int().positive().optional().catch(undefined),
});

const ALL = 'all';
type Pending = { kind: 'deactivate' | 'activate' | 'delete'; doctor: AdminDoctorListItem };

export default function DoctorListScreen() {
  const tr = useT();
  const { t, tm, locale } = tr;
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const [state, update] = useListState(doctorListState);
  // Platform admins work in the market of their language; other roles are held to their organization by the server.
  const countryId = isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined;
  // An import is recorded in a market: the organization's, else (platform admins) the language's.
  const importCountryId = staffCountryId(me, locale);
  const keyword = [...state.keyword].length >= ADMIN_KEYWORD_MIN_CHARS ? state.keyword : undefined;
  const list = useDoctorList({ page: state.page, keyword, hospitalId: state.hospital_id, branchId: state.branch_id, specialtyId: state.specialty_id, countryId });
  const specialties = useSpecialties(countryId);
  const status = useDoctorStatus();
  const telemedicine = useDoctorTelemedicine();
  const del = useDeleteDoctor();
  const [pending, setPending] = useState<Pending | null>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const [importing, setImporting] = useState<ImportType | null>(null);

  const errorText = useErrorText();

  const onActiveToggle = (d: AdminDoctorListItem) => {
    const decision = doctorActiveToggle(d);
    if (decision.action === 'availability') navigate(decision.href);
    else setPending({ kind: decision.action === 'confirmDeactivate' ? 'deactivate' : 'activate', doctor: d });
  };

  const onTelemedicine = (d: AdminDoctorListItem) => {
    const action = telemedicineAction(d);
    telemedicine.mutate(
      { id: d.id, status: action.status },
      { onSuccess: () => notify('success', tm(action.successMessage)), onError: (e) => notify('danger', errorText(e)) },
    );
  };

  const onConfirm = () => {
    if (!pending) return;
    setPopupError(null);
    const done = (messages: string[], fallback: string) => {
      setPending(null);
      notify('success', messages[0] ?? fallback);
    };
    if (pending.kind === 'delete') {
      // A failure keeps the popup open with the first server message (a doctor with bookings cannot be deleted).
      del.mutate(pending.doctor.id, { onSuccess: (r) => done(r.messages, t('admin.doctors.delete')), onError: (e) => setPopupError(errorText(e)) });
    } else {
      status.mutate(
        { id: pending.doctor.id, status: pending.kind === 'activate' ? 1 : 0 },
        { onSuccess: (r) => done(r.messages, t('admin.doctors.statusChanged')), onError: (e) => setPopupError(errorText(e)) },
      );
    }
  };

  const rowActions = (d: AdminDoctorListItem) => {
    const tele = telemedicineAction(d);
    const routes = doctorRoutes(d.id);
    const items = [
      ...(me.role === 'doctor' ? [] : [{ key: 'telemedicine', label: tm(tele.label), disabled: tele.disabled, onSelect: () => onTelemedicine(d) }]),
      { key: 'detail', label: t('admin.doctors.viewDetails'), onSelect: () => navigate(routes.detail) },
      ...(me.role === 'doctor' ? [] : [{ key: 'edit', label: t('admin.doctors.edit'), onSelect: () => navigate(routes.edit) }]),
      { key: 'page', label: t('admin.doctors.viewPage'), onSelect: () => window.open(publicDoctorHref(locale, d.slug), '_blank', 'noopener') },
      ...(me.role === 'doctor' ? [] : [{ key: 'duplicate', label: t('admin.doctors.duplicate'), onSelect: () => navigate(routes.duplicate) }]),
      ...(me.role === 'doctor' ? [] : [{ key: 'delete', label: t('admin.doctors.delete'), onSelect: () => setPending({ kind: 'delete', doctor: d }) }]),
    ];
    return <Kebab items={items} label={t('admin.doctors.actionsFor', { name: d.name })} />;
  };

  const specialtyOptions = [{ value: ALL, label: t('admin.doctors.allSpecialties') }, ...(specialties.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  const data = list.data;
  const name = pending?.doctor.name ?? '';
  return (
    <section aria-labelledby="doctors-heading" className="screen">
      <h2 id="doctors-heading" className="sr-only">
        {t('admin.menu.doctors')}
      </h2>
      <ListToolbar
        keyword={state.keyword}
        onKeyword={(k) => update({ keyword: k })}
        searchLabel={t('admin.doctors.search')}
        filter={
          <Dropdown
            label={t('admin.doctors.specialty')}
            placeholder={t('admin.doctors.allSpecialties')}
            value={state.specialty_id ? String(state.specialty_id) : ALL}
            options={specialtyOptions}
            onChange={(v) => update({ specialty_id: v === ALL ? null : v })}
          />
        }
        add={showDoctorsAddButton(me.role) ? { label: t('admin.addMenu.newDoctor'), to: ADD_BUTTON_TARGETS.doctor } : undefined}
        kebab={importMenuTypes(me.role).filter((type) => kebabImports('doctors').includes(type)).map((type) => ({ key: `import-${type}`, label: t(`admin.imports.menu.${type}`), onSelect: () => setImporting(type) }))}
      />
      <DataTable
        label={t('admin.menu.doctors')}
        columns={doctorColumns(tr, { rowActions, onActiveToggle, canToggle: me.role !== 'doctor', busyId: status.isPending ? pending?.doctor.id : undefined })}
        rows={data?.doctors}
        rowId={(d) => String(d.id)}
        loading={list.isFetching}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        sort={{}}
        onSortChange={() => undefined}
        onRowClick={(d) => navigate(doctorRoutes(d.id).detail)}
      />
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      <ImportDialog type={importing} countryId={importCountryId} branchId={state.branch_id ?? me.branch?.id ?? null} onClose={() => setImporting(null)} />
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
        title={pending?.kind === 'deactivate' ? t('admin.doctors.deactivateTitle') : pending?.kind === 'activate' ? t('admin.doctors.activateTitle') : undefined}
        description={pending?.kind === 'deactivate' ? t('admin.doctors.deactivateText', { name }) : pending?.kind === 'activate' ? t('admin.doctors.activateText', { name }) : undefined}
        confirmText={pending?.kind === 'deactivate' ? t('admin.doctors.deactivate') : pending?.kind === 'activate' ? t('admin.doctors.activate') : undefined}
        cancelText={pending?.kind === 'delete' ? undefined : t('admin.common.cancel')}
      />
    </section>
  );
}
