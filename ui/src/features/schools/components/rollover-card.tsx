import { useState } from 'react';
import { Alert, Button, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import { schoolYearOf, schoolYearSchema } from '@accommodate/shared-events/domain/school/rollover';
import { GRADES } from '@accommodate/shared-events/schemas/student';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useRollover, type RolloverReport } from '../api/schools-api.ts';

/** The school year after the one today falls in: the one a year-end rollover moves into. */
export function nextSchoolYear(today: string): string {
  const current = Number(schoolYearOf(today).slice(0, 4));
  return `${current + 1}-${current + 2}`;
}

const gradeLabel = (grade: string) => (grade === 'K' ? 'K' : `Grade ${grade}`);
const CHANGE_LABELS = { promote: 'Promoted', graduate: 'Graduates', 'move-up': 'Moves up, leaves the school' } as const;
const toLabel = (row: RolloverReport['students'][number]) =>
  row.toGrade !== null ? gradeLabel(row.toGrade) : row.change === 'graduate' ? 'Graduated' : 'Another school';

/** The year-end rollover: a dry run lists the promotions, graduations and review moves; then apply it, once confirmed. */
export function RolloverCard({ schoolId, schoolName }: { schoolId: string; schoolName: string }) {
  const [schoolYear, setSchoolYear] = useState(() => nextSchoolYear(new Date().toISOString().slice(0, 10)));
  const [report, setReport] = useState<RolloverReport | null>(null);
  // Unset: the server takes the highest grade of the school's students, and the preview says which that was.
  const [highestGrade, setHighestGrade] = useState<string | undefined>(undefined);
  const rollover = useRollover();
  const yearError = schoolYearSchema.safeParse(schoolYear).error?.issues[0]?.message;
  const fieldId = `rollover-year-${schoolId}`;

  const run = (dryRun: boolean) =>
    rollover.mutateAsync({ schoolId, schoolYear, dryRun, highestGrade: highestGrade ?? report?.highestGrade ?? undefined }).then(
      (answer) => {
        setReport(answer);
        if (answer.applied) toast({ title: 'Rollover applied', description: `${schoolName} moved into ${answer.schoolYear}.` });
      },
      (error: unknown) => toast({ title: 'Rollover failed', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' }),
    );

  return (
    <Card title={<h3 className="settings-card-title">Year-end rollover</h3>} size="small" className="rollover-card">
      <p className="settings-row__text">
        Promotes every student one grade, graduates grade 12 (kept, inactive), moves students in the school’s highest grade up and out of the school (kept, inactive) and moves each plan’s annual review into the new school year.
      </p>
      <Form layout="vertical" onFinish={() => void run(true)}>
        <Form.Item label="School year" htmlFor={fieldId} validateStatus={yearError ? 'error' : undefined} help={yearError}>
          <Input id={fieldId} value={schoolYear} onChange={(event) => { setSchoolYear(event.target.value); setReport(null); }} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item label="Highest grade of the school" htmlFor={`${fieldId}-highest`} help={highestGrade === undefined ? 'Unset: its students’ highest grade if that is 5, 6 or 8, else 12' : undefined}>
          <Select
            id={`${fieldId}-highest`}
            allowClear
            placeholder="From its students"
            value={highestGrade}
            onChange={(value: string | undefined) => { setHighestGrade(value); setReport(null); }}
            options={GRADES.map((grade) => ({ value: grade, label: gradeLabel(grade) }))}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        <Space wrap>
          <Button htmlType="submit" disabled={Boolean(yearError)} loading={rollover.isPending && rollover.variables.dryRun}>
            Preview
          </Button>
          {report && !report.applied && (
            <Popconfirm
              title={`Apply the rollover into ${report.schoolYear}?`}
              description={`${report.students.length} grade changes and ${report.reviews.length} review moves, each recorded in the student’s history.`}
              okText="Apply rollover"
              onConfirm={() => void run(false)}
            >
              <Button type="primary" loading={rollover.isPending && !rollover.variables.dryRun}>
                Apply rollover
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
      {report && <RolloverReportView report={report} />}
    </Card>
  );
}

function RolloverReportView({ report }: { report: RolloverReport }) {
  const nothing = report.students.length === 0 && report.reviews.length === 0;
  return (
    <div className="rollover-report">
      <Alert
        style={{ margin: '16px 0' }}
        type={report.applied ? 'success' : 'info'}
        showIcon
        title={
          nothing
            ? `Nothing to change for ${report.schoolYear}.`
            : report.applied
              ? `Applied: ${report.students.length} grade changes and ${report.reviews.length} review moves into ${report.schoolYear}.`
              : `Preview: ${report.students.length} grade changes and ${report.reviews.length} review moves into ${report.schoolYear}. Nothing has changed yet.`
        }
      />
      {report.highestGrade !== null && <p className="settings-row__text">Highest grade of the school: {gradeLabel(report.highestGrade)}.</p>}
      {report.students.length > 0 && (
        <Table
          size="small"
          rowKey="studentId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          caption="Grades"
          dataSource={report.students}
          columns={[
            { title: 'Student', dataIndex: 'name' },
            { title: 'Change', key: 'change', render: (_, row) => CHANGE_LABELS[row.change] },
            { title: 'From', key: 'from', render: (_, row) => gradeLabel(row.fromGrade) },
            { title: 'To', key: 'to', render: (_, row) => toLabel(row) },
          ]}
        />
      )}
      {report.reviews.length > 0 && (
        <Table
          size="small"
          rowKey="planId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          caption="Annual reviews"
          dataSource={report.reviews}
          columns={[
            { title: 'Student', dataIndex: 'name' },
            { title: 'Review was', dataIndex: 'fromReviewDate' },
            { title: 'Review now', dataIndex: 'toReviewDate' },
          ]}
        />
      )}
    </div>
  );
}
