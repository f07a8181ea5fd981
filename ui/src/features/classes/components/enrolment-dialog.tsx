import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select } from 'antd';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useClasses, type SchoolClass } from '../api/get-classes.ts';
import { useInviteClassTeacher, useRemoveClassTeacher, useSetEnrolment } from '../api/change-class.ts';

/** A student the teacher may enrol, as the page passes them (the students feature owns the list). */
export interface EnrolmentChoice {
  id: string;
  name: string;
  grade: string;
}

const failure = (error: Error, fallback: string) =>
  toast({ title: 'Error', description: (error instanceof ApiRequestError && error.serverMessage) || fallback, variant: 'destructive' });

/** Choose the class's students from the ones I may change. */
export function EnrolmentDialog({ schoolClass, choices, onClose }: { schoolClass: SchoolClass | null; choices: EnrolmentChoice[]; onClose: () => void }) {
  const enrol = useSetEnrolment();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => setChosen(schoolClass?.studentIds ?? []), [schoolClass]);
  const save = () => {
    if (!schoolClass) return;
    enrol.mutate(
      { schoolClass, studentIds: chosen },
      {
        onSuccess: () => {
          toast({ title: 'Students updated' });
          onClose();
        },
        onError: (error) => failure(error, 'Failed to update the students. Please try again.'),
      },
    );
  };
  return (
    <Modal open={schoolClass !== null} title={`Students of ${schoolClass?.name ?? ''}`} onCancel={enrol.isPending ? undefined : onClose} onOk={save} okText="Save" confirmLoading={enrol.isPending} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="Students" htmlFor="enrolment-students" extra="Their teachers in this class see their accommodations and plan dates, never parent information, notes or documents.">
          <Select
            id="enrolment-students"
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            optionFilterProp="label"
            placeholder="Search students"
            options={choices.map((choice) => ({ value: choice.id, label: `${choice.name} (Grade ${choice.grade})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Add a co-teacher of the class by e-mail; pending until that person, with the address proved, signs in. */
export function ClassTeacherDialog({ schoolClass, onClose }: { schoolClass: SchoolClass | null; onClose: () => void }) {
  const invite = useInviteClassTeacher();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEmail('');
    setError(null);
  }, [schoolClass]);
  const save = () => {
    if (!schoolClass) return;
    invite.mutate(
      { schoolClass, email },
      {
        onSuccess: () => {
          toast({ title: 'Teacher added' });
          onClose();
        },
        onError: (failed) => {
          setError(failed instanceof ApiRequestError ? (failed.fieldErrors.email ?? null) : null);
          failure(failed, 'Failed to add the teacher. Please try again.');
        },
      },
    );
  };
  return (
    <Modal open={schoolClass !== null} title="Add a teacher of this class" onCancel={invite.isPending ? undefined : onClose} onOk={save} okText="Add Teacher" confirmLoading={invite.isPending} destroyOnHidden>
      {schoolClass && <ClassTeachers classId={schoolClass.id} />}
      <Form layout="vertical" onFinish={save}>
        <Form.Item label="Email" htmlFor="class-teacher-email" validateStatus={error ? 'error' : undefined} help={error ?? 'They see the class once they have verified this address.'}>
          <Input id="class-teacher-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The class's co-teachers as the list now has them (a removal refetches it), each with Remove. */
function ClassTeachers({ classId }: { classId: string }) {
  const schoolClass = useClasses().data?.find((each) => each.id === classId);
  const remove = useRemoveClassTeacher();
  if (!schoolClass || schoolClass.teachers.length === 0) return null;
  return (
    <>
      <p className="class-teachers__caption" id="class-teachers-caption">
        Co-teachers
      </p>
      <ul className="class-teachers" aria-labelledby="class-teachers-caption">
      {schoolClass.teachers.map((teacher) => {
        const name = teacher.name ?? `${teacher.email ?? 'Invited'} (pending)`;
        return (
          <li key={teacher.id}>
            <span>{name}</span>
            <Popconfirm
              title={`Remove ${name} from ${schoolClass.name}?`}
              description="They no longer see its students through it."
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutate(
                  { schoolClass, teacherId: teacher.id },
                  { onSuccess: () => toast({ title: 'Teacher removed' }), onError: (error) => failure(error, 'Failed to remove the teacher. Please try again.') },
                )
              }
            >
              <Button type="link" size="small" danger aria-label={`Remove ${name}`}>
                Remove
              </Button>
            </Popconfirm>
          </li>
        );
      })}
      </ul>
    </>
  );
}
