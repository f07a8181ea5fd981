import { useState } from 'react';
import { Alert, Button, Form, Input, Popconfirm, Space, Table } from 'antd';
import { schoolYearOf, schoolYearSchema } from '@accommodate/shared-events/domain/school/rollover';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useRollover, type RolloverReport } from '../api/schools-api.ts';

/** The school year after the one today falls in: the one a year-end rollover moves into. */
export function nextSchoolYear(today: string): string {
  const current = Number(schoolYearOf(today).slice(0, 4));
  return `${current + 1}-${current + 2}`;
}

const gradeLabel = (grade: string | null) => (grade === null ? 'Graduated' : grade === 'K' ? 'K' : `Grade ${grade}`);

/** The year-end rollover: a dry run lists the promotions, graduations and review moves; then apply it, once confirmed. */
export function RolloverCard({ schoolId, schoolName }: { schoolId: string; schoolName: string }) {
  const [schoolYear, setSchoolYear] = useState(() => nextSchoolYear(new Date().toISOString().slice(0, 10)));
  const [report, setReport] = useState<RolloverReport | null>(null);
  const rollover = useRollover();
  const yearError = schoolYearSchema.safeParse(schoolYear).error?.issues[0]?.message;
  const fieldId = `rollover-year-${schoolId}`;

  const run = (dryRun: boolean) =>
    rollover.mutateAsync({ schoolId, schoolYear, dryRun }).then(
      (answer) => {
        setReport(answer);
        if (answer.applied) toast({ title: 'Rollover applied', description: `${schoolName} moved into ${answer.schoolYear}.` });
      },
      (error: unknown) => toast({ title: 'Rollover failed', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' }),
    );

  return (
    <Card title={<h3 className="settings-card-title">Year-end rollover</h3>} size="small" className="rollover-card">
      <p className="settings-row__text">Promotes every student one grade, graduates grade 12 (kept, inactive) and moves each plan’s annual review into the new school year.</p>
      <Form layout="vertical" onFinish={() => void run(true)}>
        <Form.Item label="School year" htmlFor={fieldId} validateStatus={yearError ? 'error' : undefined} help={yearError}>
          <Input id={fieldId} value={schoolYear} onChange={(event) => { setSchoolYear(event.target.value); setReport(null); }} style={{ maxWidth: 200 }} />
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
            { title: 'Change', key: 'change', render: (_, row) => (row.change === 'graduate' ? 'Graduates' : 'Promoted') },
            { title: 'From', key: 'from', render: (_, row) => gradeLabel(row.fromGrade) },
            { title: 'To', key: 'to', render: (_, row) => gradeLabel(row.toGrade) },
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
