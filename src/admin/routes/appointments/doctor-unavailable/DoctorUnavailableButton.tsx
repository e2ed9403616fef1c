/**
 * The "Doctor unavailable" entry (issue 35): a button that opens the dialog for one doctor, shown to managers only
 * (SPEC §6: the doctor role edits no schedule; the server refuses it too).
 */
import { CalendarOff } from 'lucide-react';
import { useState } from 'react';
import { UNAVAILABLE_ROLES } from '../../../../lib/doctor-unavailable';
import { useMe } from '../../../data/me/queries';
import { useT } from '../../../i18n';
import { DoctorUnavailableDialog } from './DoctorUnavailableDialog';

export function DoctorUnavailableButton({ doctorId, doctorName, className = 'btn btn-small' }: { doctorId: number; doctorName?: string; className?: string }) {
  const { t } = useT();
  const me = useMe().data;
  const [open, setOpen] = useState(false);
  if (!me || !(UNAVAILABLE_ROLES as readonly string[]).includes(me.role)) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="doctor-unavailable">
        <CalendarOff size={16} aria-hidden="true" /> {t('admin.unavailable.open')}
      </button>
      {open ? <DoctorUnavailableDialog doctorId={doctorId} doctorName={doctorName} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
