import { Link, useParams } from 'react-router-dom';
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { classTestingCsvUrl, printTestingList, useTestingList } from '../api/get-testing-list.ts';
import './testing-day.css';

/**
 * /classes/:id/testing-day: the printable list a proctor takes into a state or district test, each student
 * of the class with the accommodations that apply to tests; landscape on paper, like the roster.
 */
export default function TestingDayPage() {
  const { id = '' } = useParams();
  const list = useTestingList(id);

  if (list.isError) {
    return <Result status="404" title="Class not found" subTitle="It may have been archived, or you no longer teach it." extra={<Link to="/classes">Back to classes</Link>} />;
  }
  if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const rows = list.data;
  return (
    <div className="testing-day">
      <PageHeader
        title="Testing-day list"
        description="Each student in this class with the accommodations that apply to state and district tests."
        actions={
          <>
            <Button icon={<DownloadOutlined />} href={classTestingCsvUrl(id)} download disabled={rows.length === 0}>
              Download CSV
            </Button>
            <Button type="primary" icon={<PrinterOutlined />} disabled={rows.length === 0} onClick={() => void printTestingList(id)}>
              Print
            </Button>
          </>
        }
      />
      <p className="testing-day__back">
        <Link to={`/classes/${encodeURIComponent(id)}`}>Back to the class</Link>
      </p>
      {/* On paper only: when, and what the page is. */}
      <p className="testing-day__print-only">
        Printed {formatListDate(new Date().toISOString())} · Confidential: student education record (FERPA)
      </p>
      {rows.length === 0 ? (
        <Empty description="No student in this class has an accommodation that applies to tests." />
      ) : (
        <table className="testing-day__table">
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Grade</th>
              <th scope="col">Testing accommodations</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.student.id}>
                <th scope="row">
                  <Link to={`/students/${encodeURIComponent(row.student.id)}`}>{row.student.name}</Link>
                </th>
                <td>{gradeLabel(row.student.grade)}</td>
                <td>
                  <ul className="testing-day__accommodations">
                    {row.accommodations.map((accommodation) => (
                      <li key={accommodation.id}>
                        <Tag color={CATEGORY_COLORS[categoryOf(accommodation)]}>{accommodation.name}</Tag>
                        {accommodation.description ? <span className="testing-day__description">{accommodation.description}</span> : null}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
