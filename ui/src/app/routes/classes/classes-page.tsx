import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useStudents } from '../../../features/students/api/get-students.ts';
import { ClassesList } from '../../../features/classes/components/classes-list.tsx';
import { caseloadTestingCsvUrl } from '../../../features/testing-day/api/get-testing-list.ts';

/**
 * The classes list (classes) with the students its owner may enrol (students): those they own or co-teach; and the
 * testing coordinator's export of the whole caseload's testing accommodations (testing-day).
 */
export default function ClassesPage() {
  const students = useStudents();
  const choices = (students.data ?? [])
    .filter((student) => student.access === 'owner' || student.access === 'co-teacher')
    .map(({ id, name, grade }) => ({ id, name, grade }));
  const testingExport = (
    <Button icon={<DownloadOutlined />} href={caseloadTestingCsvUrl()} download>
      Testing accommodations (CSV)
    </Button>
  );
  return <ClassesList enrolmentChoices={choices} actions={testingExport} />;
}
