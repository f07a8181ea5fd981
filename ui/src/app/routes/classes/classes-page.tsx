import { useStudents } from '../../../features/students/api/get-students.ts';
import { ClassesList } from '../../../features/classes/components/classes-list.tsx';

/** The classes list (classes) with the students its owner may enrol (students): those they own or co-teach. */
export default function ClassesPage() {
  const students = useStudents();
  const choices = (students.data ?? [])
    .filter((student) => student.access === 'owner' || student.access === 'co-teacher')
    .map(({ id, name, grade }) => ({ id, name, grade }));
  return <ClassesList enrolmentChoices={choices} />;
}
