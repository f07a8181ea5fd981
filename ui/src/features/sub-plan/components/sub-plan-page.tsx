import { Button, Empty, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSubPlan, type SubPlanEntry } from '../api/get-sub-plan.ts';
import { useSubPlanClasses, type SubPlanClass } from '../api/get-sub-plan-classes.ts';
import { classDetails, classHeading, orderSubPlan, orderSubPlanClasses, sharedByNames, sharedOutsideClasses } from './sub-plan-model.ts';
import { SubPlanStudent } from './sub-plan-student.tsx';
import './sub-plan.css';

const students = (count: number) => `${count} student${count === 1 ? '' : 's'}`;
const classCount = (count: number) => `${count} class${count === 1 ? '' : 'es'}`;
const today = () => dayjs().format('MMM D, YYYY');

/**
 * A one-page sheet for a substitute: every student shared with them and what each one needs; for a teacher with
 * classes, their classes by period first, each with its students' accommodations.
 */
export default function SubPlanPage() {
  const subPlan = useSubPlan();
  const byClass = useSubPlanClasses();
  const classes = orderSubPlanClasses(byClass.data ?? []);
  const shared = orderSubPlan(sharedOutsideClasses(subPlan.data ?? [], classes));
  const hasClasses = classes.length > 0;
  const failed = subPlan.error ?? byClass.error;

  return (
    <div className="sub-plan">
      <PageHeader
        title="Sub Plan"
        description={
          hasClasses ? 'Accommodations for your classes, by period, and for the students shared with you as a substitute' : 'Accommodations for the students shared with you as a substitute'
        }
        actions={
          <Button type="primary" icon={<PrinterOutlined />} disabled={!hasClasses && shared.length === 0} onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      {subPlan.isPending || byClass.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : failed ? (
        <Result status="error" title="Could not load the sub plan" subTitle={failed.message} />
      ) : hasClasses ? (
        <>
          <p className="sub-plan__meta">
            {classCount(classes.length)} · as of {today()}
          </p>
          {classes.map((entry) => (
            <ClassSheet key={entry.class.id} entry={entry} />
          ))}
          {shared.length > 0 && (
            <section className="sub-plan__group" aria-labelledby="sub-plan-shared">
              <h2 id="sub-plan-shared" className="sub-plan__group-title">
                Shared with you as a substitute
              </h2>
              <p className="sub-plan__group-meta">
                {students(shared.length)} · from {sharedByNames(shared).join(', ')}
              </p>
              <StudentGrid entries={shared} heading="h3" />
            </section>
          )}
        </>
      ) : shared.length === 0 ? (
        <Empty description="No students are shared with you as a substitute right now." />
      ) : (
        <>
          <p className="sub-plan__meta">
            {students(shared.length)} · from {sharedByNames(shared).join(', ')} · as of {today()}
          </p>
          <StudentGrid entries={shared} heading="h2" />
        </>
      )}
    </div>
  );
}

function ClassSheet({ entry }: { entry: SubPlanClass }) {
  const headingId = `sub-plan-class-${entry.class.id}`;
  return (
    <section className="sub-plan__group" aria-labelledby={headingId} data-testid="sub-plan-class">
      <h2 id={headingId} className="sub-plan__group-title">
        {classHeading(entry.class)}
      </h2>
      <p className="sub-plan__group-meta">{classDetails(entry)}</p>
      {entry.students.length === 0 ? (
        <p className="sub-plan__none">No students enrolled.</p>
      ) : (
        <div className="sub-plan__students">
          {entry.students.map((row) => (
            <SubPlanStudent key={row.student.id} student={row.student} accommodations={row.accommodations} heading="h3" />
          ))}
        </div>
      )}
    </section>
  );
}

function StudentGrid({ entries, heading }: { entries: SubPlanEntry[]; heading: 'h2' | 'h3' }) {
  return (
    <div className="sub-plan__students">
      {entries.map((entry) => (
        <SubPlanStudent key={entry.student.id} student={entry.student} accommodations={entry.accommodations} reviewDate={entry.reviewDate} heading={heading} />
      ))}
    </div>
  );
}
