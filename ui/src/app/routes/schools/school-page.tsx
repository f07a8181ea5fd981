import { useState } from 'react';
import { Alert, Row, Skeleton, Table } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { GRADES, STUDENT_STATUSES, studentStatusLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ReviewDue } from '../../../components/review-due.tsx';
import { usePlans } from '../../../features/plans/api/get-plans.ts';
import { useImplementationCoverage } from '../../../features/implementation-log/api/implementation-log-api.ts';
import { percentLogged } from '../../../lib/percent-logged.ts';
import { useMySchools, useSchoolStaff, useSchoolStudents } from '../../../features/schools/api/schools-api.ts';
import { ALL_STUDENTS, schoolStudentRows, type SchoolStudentRow } from '../../../features/schools/components/school-students-model.ts';

/** School days with any implementation log entry since the current plan started, of those there were. */
function daysLogged(row: { schoolDays: number; loggedDays: number } | undefined): string {
  if (!row || row.schoolDays === 0) return '—';
  return `${row.loggedDays} of ${row.schoolDays} (${percentLogged(row)} %)`;
}

/**
 * The coordinator's page of a school: its students, overdue and upcoming reviews first, filterable by grade,
 * case manager and status. Live: a student or plan poke invalidates the keys it reads.
 */
export default function SchoolPage() {
  const schoolId = useParams().id ?? '';
  const school = useMySchools().data?.find((candidate) => candidate.id === schoolId);
  const students = useSchoolStudents(schoolId);
  const plans = usePlans();
  const staff = useSchoolStaff(schoolId);
  // Where the evidence of implementation is thin, before a hearing asks for it.
  const coverage = new Map((useImplementationCoverage(schoolId).data ?? []).map((row) => [row.studentId, row]));
  const [filter, setFilter] = useState(ALL_STUDENTS);

  const staffName = new Map((staff.data ?? []).flatMap((member) => (member.userId ? [[member.userId, member.name ?? member.email ?? 'Staff member'] as const] : [])));
  const caseManagerOptions = [
    { value: 'all', label: 'All case managers' },
    { value: 'none', label: 'No case manager' },
    ...[...staffName].map(([value, label]) => ({ value, label })),
  ];
  const rows = schoolStudentRows(students.data ?? [], plans.data ?? [], filter);

  return (
    <>
      <PageHeader title={school?.name ?? 'School'} description="The school’s students, overdue and upcoming reviews first" />
      {students.isError ? (
        <Alert type="error" showIcon title="The school’s students could not be loaded. Please try again." />
      ) : students.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role="group" aria-label="Filters">
            <FilterSelect label="Grade" value={filter.grade} onChange={(grade) => setFilter({ ...filter, grade })} options={[{ value: 'all', label: 'All grades' }, ...GRADES.map((grade) => ({ value: grade, label: grade === 'K' ? 'K' : `Grade ${grade}` }))]} />
            <FilterSelect label="Case manager" value={filter.caseManager} onChange={(caseManager) => setFilter({ ...filter, caseManager })} options={caseManagerOptions} />
            <FilterSelect label="Status" value={filter.status} onChange={(status) => setFilter({ ...filter, status })} options={[{ value: 'all', label: 'All statuses' }, ...STUDENT_STATUSES.map((status) => ({ value: status, label: studentStatusLabel(status) }))]} />
          </Row>
          <Table<SchoolStudentRow>
            rowKey="id"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: students.data.length === 0 ? 'No students in this school yet.' : 'No students match these filters.' }}
            columns={[
              { title: 'Student', key: 'name', render: (_, row) => <Link to={`/students/${encodeURIComponent(row.id)}`}>{row.name}</Link> },
              { title: 'Grade', dataIndex: 'grade' },
              { title: 'Review due', key: 'review', render: (_, row) => <ReviewDue date={row.reviewDue} /> },
              { title: 'Case manager', key: 'caseManager', render: (_, row) => (row.caseManagerId ? (staffName.get(row.caseManagerId) ?? '—') : '—') },
              { title: 'Status', key: 'status', render: (_, row) => studentStatusLabel(row.status) },
              { title: 'Days logged', key: 'logged', render: (_, row) => daysLogged(coverage.get(row.id)) },
            ]}
          />
        </>
      )}
    </>
  );
}
