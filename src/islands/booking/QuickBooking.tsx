/**
 * The quick-booking widget of the hospital page (SPEC §2, §4; issue #6 item 4). Every transition goes through
 * src/lib/quick-booking: Doctor/Service switch, read-only branch, specialty (with 'All specialties'), doctor,
 * outpatient/telemedicine tabs, date picker + strip, slots, and 'Book an Appointment' enabled once complete.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Locale } from '../../../i18n/locales';
import { doctorBookingPath, serviceBookingPath } from '../../lib/booking-routes';
import { rememberZoneOffsets, todayInZone, type ZoneOffsets } from '../../lib/hospital-time';
import type { CalendarLabels } from '../../lib/calendar-labels';
import { ALL_SPECIALTIES_ID, bookableFirst, canBook, initQuickBooking, kindSwitchVisible, markedOptions, modeTabs, quickBookingReducer, type BookingKind } from '../../lib/quick-booking';
import { datePickerRules, NEAREST_HORIZON_DAYS, validateSlot } from '../../lib/slots';
import { primaryButton } from '../../lib/slot-selection';
import { DatePicker } from './DatePicker';
import { Dropdown, type Option } from './Dropdown';
import { focusSlots, SlotArea, Spinner, useContinueFlow } from './SlotArea';
import { useSchedule } from './useSchedule';
import { call, SEARCH_ACCEPT, translatorOf, type ScheduleSource, type Strings } from './shared';

interface DoctorResult {
  id: number;
  name: string;
  validOutpatient: boolean;
  validTelemedicine: boolean;
  bufferTimeTele: number;
  bufferTimeOutpatient: number;
  babyFormulaCampaign: boolean;
  specialties: number[];
  hasSlots: boolean;
}

interface ServiceResult {
  id: number;
  name: string;
  bufferTime: number;
  hasSlots: boolean;
}

export interface QuickBookingProps {
  locale: Locale;
  /** Date labels laid out at build time. */
  labels: CalendarLabels;
  strings: Strings;
  hospitalId: number;
  hospitalName: string;
  zone: string;
  /** The zone's UTC offsets around the build (today's date without Intl). */
  zoneOffsets: ZoneOffsets;
  /** Kinds the hospital offers (SPEC §2: one kind only forces it and hides the switch). */
  kinds: BookingKind[];
  profileUrl: string;
}

export default function QuickBooking(props: QuickBookingProps) {
  const { locale, labels, strings, hospitalId, zone } = props;
  rememberZoneOffsets(props.zoneOffsets);
  const t = translatorOf(strings);
  const [state, dispatch] = useReducer(quickBookingReducer, undefined, () =>
    initQuickBooking({
      available: { doctor: props.kinds.includes('doctor'), service: props.kinds.includes('service') },
      hospitalId,
      hospitalLocked: true,
      today: todayInZone(Date.now(), zone),
    }),
  );
  const [specialties, setSpecialties] = useState<Option[] | null>(null);
  const [allDoctors, setAllDoctors] = useState<DoctorResult[] | null>(null);
  const [services, setServices] = useState<ServiceResult[] | null>(null);
  const flow = useContinueFlow(locale, t, props.profileUrl);
  const formRef = useRef<HTMLFormElement>(null);

  // Lists of the branch: specialties and doctors (filtered by specialty here) or the bookable services.
  useEffect(() => {
    if (state.kind !== 'doctor' || specialties) return;
    const ac = new AbortController();
    const q = `hospitalBranchId=${hospitalId}`;
    Promise.all([
      call<{ specialties: { id: number; name: string }[] }>(`/api/hospitals/specialties?hospitalId=${hospitalId}`, {}, ac.signal),
      call<{ searches: DoctorResult[] }>(`/api/quick-booking/doctors?${q}&specialtyId=`, { headers: SEARCH_ACCEPT }, ac.signal),
    ])
      .then(([s, d]) => {
        setSpecialties([{ value: ALL_SPECIALTIES_ID, label: t('booking.allSpecialties') }, ...s.specialties.map((x) => ({ value: x.id, label: x.name }))]);
        setAllDoctors(d.searches);
      })
      .catch(() => !ac.signal.aborted && setSpecialties([]));
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.kind, hospitalId]);

  useEffect(() => {
    if (state.kind !== 'service' || services) return;
    const ac = new AbortController();
    call<{ searches: ServiceResult[] }>(`/api/quick-booking/services?hospitalBranchId=${hospitalId}`, { headers: SEARCH_ACCEPT }, ac.signal)
      .then((s) => setServices(s.searches))
      .catch(() => !ac.signal.aborted && setServices([]));
    return () => ac.abort();
  }, [state.kind, hospitalId, services]);

  // Items without a free slot stay findable by name, after the others and marked (issue #30 item 7).
  const toOptions = (items: readonly { id: number; name: string; hasSlots: boolean }[]): Option[] =>
    markedOptions(items, NEAREST_HORIZON_DAYS).map((o) => ({ value: o.value, label: o.label, hint: o.hint ? t(o.hint.key, o.hint.params) : undefined }));

  // Searchable dropdowns send the keyword to the server (SPEC §5, §7); results are the same records as the lists.
  const known = useRef(new Map<number, DoctorResult>());
  for (const d of allDoctors ?? []) known.current.set(d.id, d);
  const searchSpecialties = async (keyword: string, signal: AbortSignal): Promise<Option[]> => {
    const r = await call<{ specialties: { id: number; name: string }[] }>(`/api/hospitals/specialties?${new URLSearchParams({ hospitalId: String(hospitalId), keyword })}`, {}, signal);
    return r.specialties.map((x) => ({ value: x.id, label: x.name }));
  };
  const searchDoctors = async (keyword: string, signal: AbortSignal): Promise<Option[]> => {
    const specialtyId = state.specialtyId === null || state.specialtyId === ALL_SPECIALTIES_ID ? '' : String(state.specialtyId);
    const q = new URLSearchParams({ hospitalBranchId: String(hospitalId), specialtyId, keyword });
    const r = await call<{ searches: DoctorResult[] }>(`/api/quick-booking/doctors?${q}`, { headers: SEARCH_ACCEPT }, signal);
    for (const d of r.searches) known.current.set(d.id, d);
    return toOptions(r.searches);
  };
  const searchServices = async (keyword: string, signal: AbortSignal): Promise<Option[]> => {
    const r = await call<{ searches: ServiceResult[] }>(`/api/quick-booking/services?${new URLSearchParams({ hospitalBranchId: String(hospitalId), keyword })}`, { headers: SEARCH_ACCEPT }, signal);
    return toOptions(r.searches);
  };

  // Bookable doctors first, so a specialty's auto-selected first doctor is one with a free slot when there is one.
  const doctorsOf = (specialtyId: number | null) =>
    bookableFirst((allDoctors ?? []).filter((d) => specialtyId === null || specialtyId === ALL_SPECIALTIES_ID || d.specialties.includes(specialtyId)));
  const doctorOptions = useMemo(() => toOptions(doctorsOf(state.specialtyId)), [allDoctors, state.specialtyId]);
  const doctor = (state.doctor && known.current.get(state.doctor.id)) ?? null;
  const service = services?.find((s) => s.id === state.serviceId) ?? null;

  const source: ScheduleSource | null =
    state.kind === 'doctor' ? (doctor ? { kind: state.mode, doctorId: doctor.id } : null) : service ? { kind: 'service', serviceId: service.id } : null;
  const buffer = state.kind === 'doctor' ? (state.mode === 'telemedicine' ? doctor?.bufferTimeTele : doctor?.bufferTimeOutpatient) : service?.bufferTime;
  const schedule = useSchedule(source, zone, buffer ?? 0);

  useEffect(() => {
    if (schedule.status === 'ready') dispatch({ type: 'scheduleLoaded', days: schedule.days });
  }, [schedule.status, schedule.days]);

  const rules = useMemo(() => datePickerRules(schedule.days, { zone: schedule.zone, now: Date.now() }), [schedule.days, schedule.zone]);
  const tabs = modeTabs(state);
  const ready = canBook(state);

  const book = async () => {
    const slot = state.selection.slot;
    if (!slot) return;
    const validation = validateSlot(slot.workingDay, slot.started, { zone: schedule.zone, now: Date.now(), bufferMinutes: schedule.bufferTime });
    if (!validation.valid) {
      dispatch({ type: 'slotPicked', slot, validation });
      return;
    }
    const bookingPath =
      state.kind === 'doctor'
        ? doctorBookingPath(locale, { doctorId: doctor!.id, date: slot.workingDay, scheduleId: slot.schedule_id, telemedicine: state.mode === 'telemedicine' })
        : serviceBookingPath(locale, { serviceId: service!.id, date: slot.workingDay, scheduleId: slot.schedule_id });
    await flow.run({ validation, bookingPath, babyFormulaCampaign: state.kind === 'doctor' && Boolean(doctor?.babyFormulaCampaign), telemedicine: state.mode === 'telemedicine', doctorId: doctor?.id ?? null });
  };

  const listsLoading = state.kind === 'doctor' ? specialties === null : services === null;

  return (
    <form ref={formRef} className="bk-quick" data-testid="quick-booking-widget" data-ready={listsLoading ? undefined : 'true'} onSubmit={(e) => { e.preventDefault(); void book(); }}>
      {kindSwitchVisible(state) && (
        <div className="bk-modes bk-kinds" role="group" aria-label={t('booking.kindSwitch')}>
          {(['doctor', 'service'] as const).map((k) => (
            <button key={k} type="button" aria-pressed={state.kind === k} className={`bk-mode${state.kind === k ? ' is-active' : ''}`} onClick={() => dispatch({ type: 'kindChanged', kind: k })}>
              {t(k === 'doctor' ? 'booking.doctorTab' : 'booking.serviceTab')}
            </button>
          ))}
        </div>
      )}
      <Dropdown label={t('booking.hospital')} placeholder="" options={[]} value={null} onChange={() => undefined} readOnly readOnlyText={props.hospitalName} searchLabel="" emptyText="" testId="qb-hospital" />
      {state.kind === 'doctor' ? (
        <>
          <Dropdown
            label={t('booking.specialty')}
            placeholder={t('booking.selectSpecialty')}
            options={specialties ?? []}
            value={state.specialtyId}
            disabled={specialties === null}
            onChange={(v) => dispatch({ type: 'specialtyChanged', specialtyId: v, doctors: doctorsOf(v) })}
            searchLabel={t('booking.search')}
            emptyText={t('booking.noOptions')}
            search={searchSpecialties}
            searchingText={t('booking.searching')}
            testId="qb-specialty"
          />
          <Dropdown
            label={t('booking.doctor')}
            placeholder={t('booking.selectDoctor')}
            options={doctorOptions}
            value={state.doctor?.id ?? null}
            disabled={allDoctors === null}
            onChange={(v) => dispatch({ type: 'doctorChanged', doctor: known.current.get(v) ?? null })}
            searchLabel={t('booking.search')}
            emptyText={t('booking.noOptions')}
            search={searchDoctors}
            searchingText={t('booking.searching')}
            testId="qb-doctor"
          />
          {tabs.length > 0 && (
            <div className="bk-modes" role="group" aria-label={t('booking.mode')}>
              {tabs.map((m) => (
                <button key={m} type="button" aria-pressed={state.mode === m} className={`bk-mode${state.mode === m ? ' is-active' : ''}`} onClick={() => dispatch({ type: 'modeChanged', mode: m })}>
                  {t(`booking.${m}`)}
                </button>
              ))}
            </div>
          )}
        </>
      ) : (
        <Dropdown
          label={t('booking.service')}
          placeholder={t('booking.selectService')}
          options={toOptions(services ?? [])}
          value={state.serviceId}
          disabled={services === null}
          onChange={(v) => dispatch({ type: 'serviceChanged', serviceId: v })}
          searchLabel={t('booking.search')}
          emptyText={t('booking.noOptions')}
          search={searchServices}
          searchingText={t('booking.searching')}
          testId="qb-service"
        />
      )}
      {source && (
        <div className="bk-quick-schedule" data-testid="qb-schedule" data-ready={schedule.status === 'ready' ? 'true' : undefined}>
          <DatePicker labels={labels} rules={rules} value={state.selection.date} disabled={schedule.status !== 'ready'} onChange={(d) => {
              dispatch({ type: 'dayChanged', date: d, days: schedule.days });
              focusSlots(formRef.current?.querySelector<HTMLElement>('.bk-slots'));
            }} t={t} />
          {state.selection.error && (
            <div className="bk-alert bk-danger" role="alert" data-testid="slot-error">
              {t('booking.slotNotAvailable', { bufferTime: state.selection.error.error.params.bufferTime })}
            </div>
          )}
          {schedule.status === 'error' ? (
            <div className="bk-empty" role="alert">
              <p>{t('booking.loadError')}</p>
              <button type="button" className="bk-button bk-secondary" onClick={schedule.retry}>{t('booking.retry')}</button>
            </div>
          ) : (
            <SlotArea
              subject={state.kind === 'service' ? 'service' : 'doctor'}
              idPrefix={`qb-${state.kind}`}
              labels={labels}
              days={schedule.days}
              zone={schedule.zone}
              until={schedule.until}
              loading={schedule.status === 'loading'}
              bufferTime={schedule.bufferTime}
              selection={state.selection}
              dispatch={dispatch}
              t={t}
              onValidPick={flow.onValidPick}
            />
          )}
          {schedule.status === 'ready' && primaryButton(state.selection, schedule.days).key === 'booking.seeNearest' && (
            <button type="button" className="bk-button bk-secondary bk-nearest" onClick={() => dispatch({ type: 'seeNearest', days: schedule.days })}>
              {t('booking.seeNearest')}
            </button>
          )}
        </div>
      )}
      {flow.failed && <div className="bk-alert bk-danger" role="alert">{flow.failed}</div>}
      <button type="submit" className="bk-button bk-primary bk-continue" disabled={!ready || flow.loading} aria-busy={flow.loading} data-testid="book-appointment">
        {flow.loading && <Spinner />}
        {flow.loading ? t('booking.checking') : t('booking.bookAppointment')}
      </button>
      {flow.dialogs}
    </form>
  );
}
