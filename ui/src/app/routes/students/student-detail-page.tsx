import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Skeleton, Tabs } from 'antd';
import { Card } from '../../../components/card.tsx';
import { DeleteOutlined, EditOutlined, PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { SharedByBadge } from '../../../components/shared-by-badge.tsx';
import { ArchivedBadge, ArchivedNotice } from '../../../components/archived-badge.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { AcknowledgementBanner } from '../../../features/acknowledgements/components/acknowledgement-banner.tsx';
import { printStudentRecord } from '../../../features/access-log/api/record-print.ts';
import { PresenceAvatars } from '../../../features/sharing/components/presence-avatars.tsx';
import { useStudentPresence } from '../../../features/sharing/components/use-student-presence.ts';
import { useStudent } from '../../../features/students/api/get-student.ts';
import { useStudentAccommodations } from '../../../features/students/api/get-student-accommodations.ts';
import { StudentOverviewTab } from '../../../features/students/components/student-overview-tab.tsx';
import { StudentPrintSummary } from './student-print-summary.tsx';
import '../../../components/wrapping-tabs.css';
import '../../../features/students/components/student-detail.css';

// The student page composes every feature that shows a part of the record: students (overview, accommodations,
// notes), plans, documents, history, the access log and sharing (presence, the share dialog).
// Only the overview is on the first paint: every other tab (tables, timeline, date picker, PDF export)
// and both dialogs load when first opened, which keeps this route's download small (bench 6).
const StudentAccommodationsTab = lazy(() =>
  import('../../../features/students/components/student-accommodations-tab.tsx').then((m) => ({ default: m.StudentAccommodationsTab })),
);
const StudentNotesTab = lazy(() => import('../../../features/students/components/student-notes-tab.tsx').then((m) => ({ default: m.StudentNotesTab })));
const StudentReviewDates = lazy(() =>
  import('../../../features/plans/components/student-review-dates.tsx').then((m) => ({ default: m.StudentReviewDates })),
);
const StudentPlansTab = lazy(() => import('../../../features/plans/components/student-plans-tab.tsx').then((m) => ({ default: m.StudentPlansTab })));
const StudentDocumentsTab = lazy(() =>
  import('../../../features/documents/components/student-documents-tab.tsx').then((m) => ({ default: m.StudentDocumentsTab })),
);
const StudentHistoryTab = lazy(() =>
  import('../../../features/history/components/student-history-tab.tsx').then((m) => ({ default: m.StudentHistoryTab })),
);
const StudentImplementationTab = lazy(() =>
  import('../../../features/implementation-log/components/student-implementation-tab.tsx').then((m) => ({ default: m.StudentImplementationTab })),
);
const HearingPacketButton = lazy(() =>
  import('../../../features/hearing-packet/components/hearing-packet-button.tsx').then((m) => ({ default: m.HearingPacketButton })),
);
const StudentSchoolCard = lazy(() =>
  import('../../../features/schools/components/student-school-card.tsx').then((m) => ({ default: m.StudentSchoolCard })),
);
const AccessLogTab = lazy(() => import('../../../features/access-log/components/access-log-tab.tsx').then((m) => ({ default: m.AccessLogTab })));
const StudentLoadError = lazy(() =>
  import('../../../features/students/components/student-load-error.tsx').then((m) => ({ default: m.StudentLoadError })),
);
const DeleteStudentDialog = lazy(() =>
  import('../../../features/students/components/delete-student-dialog.tsx').then((m) => ({ default: m.DeleteStudentDialog })),
);
const ShareStudentDialog = lazy(() =>
  import('../../../features/sharing/components/share-student-dialog.tsx').then((m) => ({ default: m.ShareStudentDialog })),
);

/** A tab's content while its chunk loads. */
const tab = (content: ReactNode) => <Suspense fallback={<Skeleton active />}>{content}</Suspense>;

export default function StudentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  const accommodations = useStudentAccommodations(id);
  // The coverage page links straight to the Implementation tab.
  const [activeTab, setTab] = useState(() => (new URLSearchParams(window.location.search).get('tab') === 'implementation' ? 'implementation' : 'overview'));
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  // A dialog's chunk loads on its first opening; it then stays mounted so closing still animates.
  const [deleteLoaded, setDeleteLoaded] = useState(false);
  const [shareLoaded, setShareLoaded] = useState(false);
  const present = useStudentPresence(student.isSuccess ? id : '', 'viewing');

  if (student.isPending) {
    return (
      <div data-testid="student-detail-skeleton">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>
      </div>
    );
  }
  if (student.isError) {
    return (
      <Suspense fallback={null}>
        <StudentLoadError error={student.error} />
      </Suspense>
    );
  }

  const data = student.data;
  const can = permissionsFor(data.access, data.archived);
  const list = accommodations.data ?? [];
  const editPath = `/students/edit/${encodeURIComponent(data.id)}`;
  const name = data.name || `${data.firstName} ${data.lastInitial}.`;
  return (
    <div className="student-detail">
      <PageHeader
        title={name}
        description={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            {`Grade ${data.grade}`}
            <SharedByBadge student={data} />
            <ArchivedBadge student={data} />
          </span>
        }
        actions={
          <div className="no-print" style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <PresenceAvatars users={present} />
            <Button icon={<PrinterOutlined />} onClick={() => void printStudentRecord(data.id)}>
              Print
            </Button>
            {can.share && (
              <Button icon={<ShareAltOutlined />} onClick={() => { setShareLoaded(true); setSharing(true); }}>
                Share
              </Button>
            )}
            {can.edit && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(editPath)}>
                Edit Student
              </Button>
            )}
            {can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => { setDeleteLoaded(true); setDeleting(true); }}>
                Delete
              </Button>
            )}
          </div>
        }
      />
      <ArchivedNotice student={data} />
      {can.acknowledgePlan && <AcknowledgementBanner studentId={data.id} />}
      {data.schoolId && (
        <Suspense fallback={null}>
          <StudentSchoolCard student={{ id: data.id, schoolId: data.schoolId, caseManagerId: data.caseManagerId ?? null }} manage={can.manageSchool} />
        </Suspense>
      )}
      <Tabs
        className="wrapping-tabs"
        activeKey={activeTab}
        onChange={setTab}
        items={[
          {
            key: 'overview',
            label: 'Overview',
            children: (
              <StudentOverviewTab student={data} accommodations={list} canEdit={can.edit} showPrivate={can.seePrivate} onViewAll={() => setTab('accommodations')} />
            ),
          },
          {
            key: 'accommodations',
            label: 'Accommodations',
            children: accommodations.isPending ? (
              <Skeleton active />
            ) : (
              tab(<StudentAccommodationsTab student={data} accommodations={list} canEdit={can.edit} />)
            ),
          },
          // A substitute sees neither documents nor notes (the server answers 404 for them anyway).
          ...(can.seePrivate
            ? [
                { key: 'documents', label: 'Documents', children: tab(<StudentDocumentsTab studentId={data.id} canChange={can.edit} />) },
                { key: 'notes', label: 'Notes', children: tab(<StudentNotesTab student={data} canEdit={can.edit} />) },
              ]
            : []),
          {
            key: 'plans',
            label: 'Plans',
            children: tab(can.edit ? <StudentPlansTab studentId={data.id} /> : <StudentReviewDates studentId={data.id} />),
          },
          // The implementation log: for everyone who sees the student; logging is the day view's.
          {
            key: 'implementation',
            label: 'Implementation',
            children: tab(<StudentImplementationTab studentId={data.id} accommodations={list} canLog={can.logImplementation} />),
          },
          // History for everyone but substitutes; the access log for the owner and auditors.
          // The hearing packet beside the history, for the owner and auditors.
          ...(can.seeHistory
            ? [{ key: 'history', label: 'History', children: tab(<StudentHistoryTab studentId={data.id} actions={can.exportHearingPacket ? <Suspense fallback={null}><HearingPacketButton studentId={data.id} /></Suspense> : undefined} />) }]
            : []),
          ...(can.seeAccessLog
            ? [{ key: 'access-log', label: 'Access log', children: tab(<AccessLogTab studentId={data.id} />) }]
            : []),
        ]}
      />
      <StudentPrintSummary student={data} name={name} accommodations={list} />
      {can.delete && deleteLoaded && (
        <Suspense fallback={null}>
          <DeleteStudentDialog student={data} open={deleting} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
      {can.share && shareLoaded && (
        <Suspense fallback={null}>
          <ShareStudentDialog open={sharing} onClose={() => setSharing(false)} studentId={data.id} studentName={name} />
        </Suspense>
      )}
    </div>
  );
}
