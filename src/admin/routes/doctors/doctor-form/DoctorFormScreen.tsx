/**
 * /admin/doctors/add, /admin/doctors/{doctorId}/edit and /admin/doctors/add?duplicateId={id} (SPEC §2, §3): the
 * doctor form, blank, with the doctor's values, or prefilled from another doctor and saved as a new one. A save
 * goes to the doctor's detail with the server's message (fallbacks 'Create successfully' / 'Update successfully').
 */
import { withRouteId } from '../../../kit/RouteId';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { doctorFormValues } from '../../../../lib/admin-doctors';
import { doctorRoutes } from '../../../../lib/admin-rules';
import { useDoctor } from '../../../data/doctors/queries';
import { useMe } from '../../../data/me/queries';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { DoctorForm } from './DoctorForm';
import { LoadFailure } from '../../../kit/LoadFailure';

const positive = (v: string | null | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

function DoctorFormScreen() {
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const doctorId = positive(useParams().doctorId);
  const search = useSearchParams()[0];
  const duplicateId = doctorId == null ? positive(search.get('duplicateId')) : undefined;
  const sourceId = doctorId ?? duplicateId;
  const source = useDoctor(sourceId ?? 0, sourceId != null);
  const mode = doctorId != null ? 'edit' : duplicateId != null ? 'duplicate' : 'add';

  if (sourceId != null && source.isPending) return <Spinner />;
  if (sourceId != null && source.isError)
    return <LoadFailure error={source.error} />;
  const d = sourceId != null ? (source.data ?? null) : null;
  // A new doctor starts in the caller's organization (and branch, for a branch manager), or where a link asks
  // (the go-live checklist: ?hospital_id=&branch_id=; the server still checks the scope).
  const initial = doctorFormValues(d, mode, {
    hospitalId: positive(search.get('hospital_id')) ?? me.hospital?.id ?? null,
    branchId: positive(search.get('branch_id')) ?? (me.role === 'branch' ? (me.branch?.id ?? null) : null),
  });
  return (
    <DoctorForm
      key={`${mode}-${sourceId ?? 'new'}`}
      mode={mode}
      doctorId={doctorId}
      source={d}
      initial={initial}
      cancelTo={doctorId != null ? doctorRoutes(doctorId).detail : '/admin/doctors'}
      onSaved={(doctor, message) => {
        notify('success', message);
        navigate(doctorRoutes(doctor.id).detail);
      }}
    />
  );
}

export default withRouteId('doctorId', DoctorFormScreen);
