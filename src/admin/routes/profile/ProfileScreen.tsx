/**
 * /admin/profile/view (SPEC §2, §6): a doctor edits its own profile with the doctor form, without hospital,
 * branch, contract or levels (the server keeps those and refuses status and the partner flag to a doctor).
 */
import { doctorFormValues } from '../../../lib/admin-doctors';
import { useDoctor } from '../../data/doctors/queries';
import { useMe } from '../../data/me/queries';
import { useT } from '../../i18n';
import { useNotify } from '../../kit/Notifications';
import { Spinner } from '../../kit/Spinner';
import { DoctorForm } from '../doctors/doctor-form/DoctorForm';
import { LoadFailure } from '../../kit/LoadFailure';

export default function ProfileScreen() {
  const { t } = useT();
  const me = useMe().data!;
  const notify = useNotify();
  const doctor = useDoctor(me.doctorId ?? 0, me.doctorId != null);
  if (me.doctorId == null)
    return (
      <p className="alert alert-danger" role="alert">
        {t('admin.doctors.form.noProfile')}
      </p>
    );
  if (doctor.isPending) return <Spinner />;
  if (doctor.isError)
    return <LoadFailure error={doctor.error} />;
  return (
    <DoctorForm
      key={me.doctorId}
      mode="profile"
      doctorId={me.doctorId}
      source={doctor.data}
      initial={doctorFormValues(doctor.data, 'edit')}
      cancelTo="/admin/profile/view"
      onSaved={(_saved, message) => notify('success', message)}
    />
  );
}
