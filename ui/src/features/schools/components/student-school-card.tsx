import { useState } from 'react';
import { Button, Descriptions, Popconfirm, Select } from 'antd';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAssignCaseManager, useMySchools, useSchoolStaff, useTransferStudent } from '../api/schools-api.ts';

interface StudentSchoolCardProps {
  student: { id: string; schoolId: string; caseManagerId: string | null };
  /** The 'manage-school' action: assign the case manager, move the student to another school of the district. */
  manage: boolean;
}

/** The student's school and case manager; for the school's coordinators and admins, the controls to change them. */
export function StudentSchoolCard({ student, manage }: StudentSchoolCardProps) {
  const schools = useMySchools().data ?? [];
  const staff = useSchoolStaff(student.schoolId).data ?? [];
  const assign = useAssignCaseManager();
  const transfer = useTransferStudent();
  // The school chosen to move to: moved only once confirmed, as the school's staff then no longer see the student.
  const [target, setTarget] = useState<string | null>(null);
  const [chosenManager, setChosenManager] = useState<string | null>(null);
  const school = schools.find((candidate) => candidate.id === student.schoolId);
  const active = staff.flatMap((member) => (member.status === 'active' && member.userId ? [{ value: member.userId, label: member.name ?? member.email ?? 'Staff member' }] : []));
  const caseManager = active.find((member) => member.value === student.caseManagerId)?.label ?? (student.caseManagerId ? 'A former staff member' : 'None');
  const otherSchools = schools.filter((candidate) => candidate.districtId === school?.districtId && candidate.id !== student.schoolId);
  const failed = (title: string) => (error: unknown) => toast({ title, description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });

  return (
    <Card size="small" title={<CardHeading>School</CardHeading>} style={{ marginBottom: 16 }} data-testid="student-school">
      <Descriptions column={1} size="small" items={[{ key: 'school', label: 'School', children: school?.name ?? '—' }, { key: 'cm', label: 'Case manager', children: caseManager }]} />
      {manage && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 12 }}>
          {/* Chosen, then assigned with the button: a select's Tab picks the highlighted option, and Tab must only move on. */}
          <Select
            aria-label="Assign case manager"
            placeholder="Assign case manager"
            style={{ minWidth: 220, maxWidth: '100%' }}
            value={chosenManager ?? student.caseManagerId ?? undefined}
            options={active}
            onChange={(userId: string) => setChosenManager(userId)}
          />
          <Button
            disabled={!chosenManager || chosenManager === student.caseManagerId}
            loading={assign.isPending}
            onClick={() =>
              chosenManager &&
              assign.mutate(
                { studentId: student.id, userId: chosenManager },
                { onSuccess: () => (setChosenManager(null), toast({ title: 'Case manager assigned' })), onError: failed('Case manager not assigned') },
              )
            }
          >
            Assign
          </Button>
          {otherSchools.length > 0 && (
            <>
              <Select
                aria-label="Move to school"
                placeholder="Move to school"
                style={{ minWidth: 220, maxWidth: '100%' }}
                value={target}
                options={otherSchools.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                onChange={(schoolId: string) => setTarget(schoolId)}
              />
              <Popconfirm
                title={`Move to ${otherSchools.find((candidate) => candidate.id === target)?.name ?? 'this school'}?`}
                description={`The whole history moves with them; ${school?.name ?? 'this school'}'s staff no longer see them.`}
                okText="Move"
                onConfirm={() =>
                  target &&
                  transfer.mutate(
                    { studentId: student.id, schoolId: target },
                    {
                      onSuccess: () => {
                        setTarget(null);
                        toast({ title: 'Student moved', description: 'The whole history moves with them.' });
                      },
                      onError: failed('Student not moved'),
                    },
                  )
                }
              >
                <Button disabled={!target} loading={transfer.isPending}>
                  Move
                </Button>
              </Popconfirm>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
