import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { useAccommodationLibrary } from '../../../features/accommodations/api/get-accommodation-library.ts';
import { PresenceAvatars } from '../../../features/sharing/components/presence-avatars.tsx';
import { useStudentPresence } from '../../../features/sharing/components/use-student-presence.ts';
import { useStudent } from '../../../features/students/api/get-student.ts';
import { StudentForm } from '../../../features/students/components/student-form.tsx';

// The edit page composes the student form with the accommodation library and who else is editing.
// antd's Result carries its illustrations: loaded only when a load fails or editing is refused (bench 6).
const StudentLoadError = lazy(() =>
  import('../../../features/students/components/student-load-error.tsx').then((m) => ({ default: m.StudentLoadError })),
);
const StudentEditForbidden = lazy(() =>
  import('../../../features/students/components/student-load-error.tsx').then((m) => ({ default: m.StudentEditForbidden })),
);

// Only when a save meets a final plan: the amendment dialog and its plan lookups load then.
const PlanAmendmentOffer = lazy(() => import('./plan-amendment-offer-loader.tsx'));

type AmendmentOffer = { accommodationIds: string[]; resave: () => void };

export default function EditStudentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  const library = useAccommodationLibrary();
  const canEdit = student.isSuccess && permissionsFor(student.data.access, student.data.archived).edit;
  const present = useStudentPresence(canEdit ? id : '', 'editing');
  const [offer, setOffer] = useState<AmendmentOffer | null>(null);
  const [offerOpen, setOfferOpen] = useState(false);

  if (student.isPending || library.isPending) {
    // The shell's own spinner: antd's Spin would be loaded for this page alone (UI budget, bench 6).
    return <PageLoader label="Loading student" />;
  }
  if (student.isError || !canEdit) {
    return (
      <Suspense fallback={null}>
        {student.isError ? <StudentLoadError error={student.error} /> : <StudentEditForbidden studentId={id} />}
      </Suspense>
    );
  }

  return (
    <div>
      <PageHeader
        title="Update Student"
        description="Update the student's details and accommodations"
        actions={
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <PresenceAvatars users={present} />
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/students')}>
              Back to Students
            </Button>
          </div>
        }
      />
      <StudentForm
        student={student.data}
        library={library.data ?? []}
        offerAmendment={(next) => {
          setOffer(next);
          setOfferOpen(true);
        }}
      />
      {offer && (
        <Suspense fallback={null}>
          <PlanAmendmentOffer studentId={id} accommodationIds={offer.accommodationIds} open={offerOpen} onClose={() => setOfferOpen(false)} onAmended={offer.resave} />
        </Suspense>
      )}
    </div>
  );
}
