/**
 * The appointments and patients calls (functions/admin-appointments.ts): list, detail, the front desk's actions,
 * the reveals (each recorded server-side), reschedule slots, the CSV export (an authenticated download: it holds
 * personal data) and the patients list and record.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  appointmentCalendarData,
  appointmentDetail,
  appointmentListData,
  patientContact,
  patientDetail,
  patientListData,
  rescheduleSlotsData,
  type AppointmentActionBody,
  type AppointmentFilters,
  type AppointmentListQuery,
  type PatientListQuery,
} from '../../../lib/admin-appointments';
import { pageLanguageHeader } from '../../../scripts/page-locale';
import { call } from '../../api';
import { adminLocale } from '../../i18n';
import { accessToken } from '../../session';
import { saveFile } from '../imports/queries';
import { appointmentKeys, patientKeys } from './keys';

/** The query as the API reads it: lists joined with commas, empty values left out. */
function queryOf(q: Partial<AppointmentFilters> & { page?: number }): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? (v.length ? v.join(',') : undefined) : (v as string | number);
  }
  return out;
}

export function useAppointmentList(q: AppointmentListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: appointmentKeys.list(q),
    queryFn: async ({ signal }) => (await call('/api/admin/appointments', { query: queryOf(q), data: appointmentListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAppointment(id: number | null) {
  return useQuery({
    enabled: id != null,
    queryKey: appointmentKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await call(`/api/admin/appointments/${id}`, { data: z.object({ appointment: appointmentDetail }), signal })).data.appointment,
    retry: false,
  });
}

/** Every change reloads the lists and the booking (and the patients' counts). */
export function useAppointmentAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: AppointmentActionBody & { id: number }) =>
      call(`/api/admin/appointments/${id}/actions`, { method: 'POST', body, data: z.object({ appointment: appointmentDetail }) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: appointmentKeys.all });
      void qc.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}

export function useRescheduleSlots(id: number | null, date: string) {
  return useQuery({
    enabled: id != null && !!date,
    queryKey: appointmentKeys.slots(id ?? 0, date),
    queryFn: async ({ signal }) => (await call(`/api/admin/appointments/${id}/slots`, { query: { date }, data: rescheduleSlotsData, signal })).data,
  });
}

export function useReschedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, slotId, idempotencyKey }: { id: number; slotId: number; idempotencyKey: string }) =>
      call(`/api/admin/appointments/${id}/reschedule`, { method: 'POST', body: { slotId, idempotencyKey }, data: z.object({ appointment: appointmentDetail }) }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** The contact phone, unmasked (the server records who read it). */
export async function revealBookingPhone(id: number): Promise<string | null> {
  return (await call(`/api/admin/appointments/${id}/phone`, { method: 'POST', data: z.object({ phone: z.string().nullable() }) })).data.phone;
}

/** Downloads the CSV of exactly the filtered list. */
export async function downloadAppointmentsCsv(q: AppointmentFilters): Promise<void> {
  const token = await accessToken();
  const qs = new URLSearchParams(queryOf(q) as Record<string, string>).toString();
  const res = await fetch(`/api/admin/appointments.csv?${qs}`, { headers: { ...pageLanguageHeader(adminLocale()), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { _messages?: string[] } | null;
    throw new Error(body?._messages?.[0] ?? `HTTP ${res.status}`);
  }
  saveFile(`appointments-${q.from}-${q.to}.csv`, await res.blob());
}

export function usePatientList(q: PatientListQuery) {
  return useQuery({
    queryKey: patientKeys.list(q),
    queryFn: async ({ signal }) => (await call('/api/admin/patients', { query: queryOf(q as never), data: patientListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePatient(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: patientKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await call(`/api/admin/patients/${id}`, { data: z.object({ patient: patientDetail }), signal })).data.patient,
    retry: false,
  });
}

export async function revealPatientContact(id: string) {
  return (await call(`/api/admin/patients/${id}/contact`, { method: 'POST', data: patientContact })).data;
}

/** A branch's appointments of a day or a week and its doctors (the day and week views). */
export function useAppointmentCalendar(q: { from: string; to: string; branchId: number | undefined }, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...appointmentKeys.all, 'calendar', q] as const,
    queryFn: async ({ signal }) => (await call('/api/admin/appointments-calendar', { query: { ...q }, data: appointmentCalendarData, signal })).data,
    placeholderData: keepPreviousData,
  });
}
