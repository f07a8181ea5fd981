import { Form, Select } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { StudentForm } from '@accommodate/shared-events/schemas/student';
import type { SchoolChoice } from './student-form-values.ts';

/** Without a school the student is the teacher's own, as before schools (the Free and Premium plans). */
const NO_SCHOOL = '';

/** Shown on Add New Student to staff of a school; a later move is the School card's "Move to a school". */
export function StudentSchoolField({ control, schools }: { control: Control<StudentForm>; schools: readonly SchoolChoice[] }) {
  const options = [...schools.map((school) => ({ value: school.id, label: school.name })), { value: NO_SCHOOL, label: 'No school (my own students)' }];
  return (
    <Form.Item label="School" htmlFor="student-schoolId" extra="The school's coordinators and case manager see the student too.">
      <Controller
        name="schoolId"
        control={control}
        render={({ field }) => (
          <Select
            id="student-schoolId"
            value={field.value ?? NO_SCHOOL}
            onChange={(value: string) => field.onChange(value === NO_SCHOOL ? null : value)}
            onBlur={field.onBlur}
            options={options}
          />
        )}
      />
    </Form.Item>
  );
}
