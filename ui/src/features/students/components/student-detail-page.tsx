import { useState } from 'react';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { DeleteOutlined, EditOutlined, PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { StudentDocumentsTab } from '../../documents/components/student-documents-tab.tsx';
import { StudentPlansTab } from '../../plans/components/student-plans-tab.tsx';
import { StudentHistoryTab } from '../../history/components/student-history-tab.tsx';
import { AccessLogTab } from '../../access-log/components/access-log-tab.tsx';
import { printStudentRecord } from '../../access-log/api/record-print.ts';
import { PresenceAvatars } from '../../sharing/components/presence-avatars.tsx';
import { SharedByBadge } from '../../sharing/components/shared-by-badge.tsx';
import { ShareStudentDialog } from '../../sharing/components/share-student-dialog.tsx';
import { useStudentPresence } from '../../sharing/components/use-student-presence.ts';
import { permissionsFor } from '../../sharing/share-model.ts';
import { useStudent } from '../api/get-student.ts';
import { useStudentAccommodations } from '../api/get-student-accommodations.ts';
import { DeleteStudentDialog } from './delete-student-dialog.tsx';
import { StudentAccommodationsTab } from './student-accommodations-tab.tsx';
import { StudentNotesTab } from './student-notes-tab.tsx';
import { StudentOverviewTab } from './student-overview-tab.tsx';
import { StudentReviewDates } from './student-review-dates.tsx';
import './student-detail.css';

export default function StudentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  const accommodations = useStudentAccommodations(id);
  const [tab, setTab] = useState('overview');
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const present = useStudentPresence(student.isSuccess ? id : '', 'viewing');

  if (student.isPending) {
    return (
      <div data-testid="student-detail-skeleton">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>
      </div>
    );
  }
  if (student.isError) return <StudentLoadError error={student.error} />;

  const data = student.data;
  const can = permissionsFor(data.access);
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
          </span>
        }
        actions={
          <div className="no-print" style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <PresenceAvatars users={present} />
            <Button icon={<PrinterOutlined />} onClick={() => void printStudentRecord(data.id)}>
              Print
            </Button>
            {can.share && (
              <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
                Share
              </Button>
            )}
            {can.edit && (
              <Button icon={<EditOutlined />} onClick={() => navigate(editPath)}>
                Edit Student
              </Button>
            )}
            {can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </div>
        }
      />
      <Tabs
        activeKey={tab}
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
              <StudentAccommodationsTab student={data} accommodations={list} canEdit={can.edit} />
            ),
          },
          // A substitute sees neither documents nor notes (the server answers 404 for them anyway).
          ...(can.seePrivate
            ? [
                { key: 'documents', label: 'Documents', children: <StudentDocumentsTab studentId={data.id} /> },
                { key: 'notes', label: 'Notes', children: <StudentNotesTab student={data} /> },
              ]
            : []),
          {
            key: 'plans',
            label: 'Plans',
            children: can.edit ? <StudentPlansTab studentId={data.id} /> : <StudentReviewDates studentId={data.id} />,
          },
          // History for everyone but substitutes; the access log for the owner and auditors (issue 6).
          ...(data.access !== 'substitute' ? [{ key: 'history', label: 'History', children: <StudentHistoryTab studentId={data.id} /> }] : []),
          ...(data.access === 'owner' || data.access === 'auditor'
            ? [{ key: 'access-log', label: 'Access log', children: <AccessLogTab studentId={data.id} /> }]
            : []),
        ]}
      />
      {can.delete && <DeleteStudentDialog student={data} open={deleting} onClose={() => setDeleting(false)} />}
      {can.share && <ShareStudentDialog open={sharing} onClose={() => setSharing(false)} studentId={data.id} studentName={name} />}
    </div>
  );
}

/** Spec: 'Error loading student', the message or a fallback, and a way back. */
export function StudentLoadError({ error }: { error: Error | null }) {
  const navigate = useNavigate();
  const message = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : error?.message;
  return (
    <Result
      status="error"
      title="Error loading student"
      subTitle={message || 'An unknown error occurred.'}
      extra={<Button onClick={() => navigate('/students')}>Back to Students</Button>}
    />
  );
}
