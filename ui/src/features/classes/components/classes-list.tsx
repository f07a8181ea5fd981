import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Empty, Popconfirm, Result, Skeleton, Space, Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import { PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useClasses, type SchoolClass } from '../api/get-classes.ts';
import { useArchiveClass } from '../api/change-class.ts';
import type { EnrolmentChoice } from './enrolment-dialog.tsx';
import { classSummary, termSummary } from './class-summary.ts';
import './classes-list.css';

const ClassDialog = lazy(() => import('./class-dialog.tsx').then((module) => ({ default: module.ClassDialog })));
const EnrolmentDialog = lazy(() => import('./enrolment-dialog.tsx').then((module) => ({ default: module.EnrolmentDialog })));
const ClassTeacherDialog = lazy(() => import('./enrolment-dialog.tsx').then((module) => ({ default: module.ClassTeacherDialog })));

const teacherNames = (schoolClass: SchoolClass) =>
  [...(schoolClass.owner ? [schoolClass.owner.name] : []), ...schoolClass.teachers.map((teacher) => teacher.name ?? `${teacher.email ?? 'Invited'} (pending)`)].join(', ');

/** /classes: my sections, each opening its roster; their owner adds, edits, enrols, invites and archives. */
/** `actions`: what the page adds beside Add Class (another feature's, such as the testing coordinator's export). */
export function ClassesList({ enrolmentChoices, actions }: { enrolmentChoices: EnrolmentChoice[]; actions?: ReactNode }) {
  const classes = useClasses();
  const archive = useArchiveClass();
  const [editing, setEditing] = useState<{ schoolClass: SchoolClass | null } | null>(null);
  const [enrolling, setEnrolling] = useState<SchoolClass | null>(null);
  const [inviting, setInviting] = useState<SchoolClass | null>(null);
  const active = (classes.data ?? []).filter((schoolClass) => schoolClass.status === 'active');

  const archiveClass = (schoolClass: SchoolClass) =>
    archive.mutate(schoolClass, {
      onSuccess: () => toast({ title: 'Class archived' }),
      onError: () => toast({ title: 'Error', description: 'Failed to archive the class. Please try again.', variant: 'destructive' }),
    });

  return (
    <div className="classes-list">
      <PageHeader
        title="Classes"
        description="Your classes and what each student in them needs"
        actions={
          <>
            {actions}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ schoolClass: null })}>
              Add Class
            </Button>
          </>
        }
      />
      {classes.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : classes.isError ? (
        <Result status="error" title="Could not load your classes" subTitle={classes.error.message} />
      ) : active.length === 0 ? (
        <Empty description="No classes yet. Add your first class to see its students' accommodations at a glance." />
      ) : (
        <div className="classes-list__grid">
          {active.map((schoolClass) => (
            <Card key={schoolClass.id} data-testid="class-card" title={<Link to={`/classes/${encodeURIComponent(schoolClass.id)}`}>{schoolClass.name}</Link>} extra={schoolClass.access === 'teacher' ? <Tag>Co-teacher</Tag> : null}>
              <p className="classes-list__summary">{classSummary(schoolClass, schoolClass.studentIds.length)}</p>
              {termSummary(schoolClass) && <p className="classes-list__term">{termSummary(schoolClass)}</p>}
              <p className="classes-list__teachers">Teachers: {teacherNames(schoolClass)}</p>
              {schoolClass.access === 'owner' && (
                <Space wrap>
                  <Button onClick={() => setEnrolling(schoolClass)}>Students</Button>
                  <Button onClick={() => setInviting(schoolClass)}>Add Teacher</Button>
                  <Button onClick={() => setEditing({ schoolClass })}>Edit</Button>
                  <Popconfirm
                    title={`Archive ${schoolClass.name}?`}
                    description="Its teachers no longer see its students through it."
                    okText="Archive"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => archiveClass(schoolClass)}
                  >
                    <Button danger>Archive</Button>
                  </Popconfirm>
                </Space>
              )}
            </Card>
          ))}
        </div>
      )}
      {/* The dialogs (forms, a student picker) load when one first opens: the list itself is a few cards. */}
      <Suspense fallback={null}>
        {editing !== null && <ClassDialog open schoolClass={editing.schoolClass} onClose={() => setEditing(null)} />}
        {enrolling !== null && <EnrolmentDialog schoolClass={enrolling} choices={enrolmentChoices} onClose={() => setEnrolling(null)} />}
        {inviting !== null && <ClassTeacherDialog schoolClass={inviting} onClose={() => setInviting(null)} />}
      </Suspense>
    </div>
  );
}
