import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import { schoolFormSchema, STAFF_ROLE_LABELS } from '@accommodate/shared-events/schemas/school';
import { Card } from '../../../components/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useDeleteSchool, useMySchools, useRenameSchool, useSchoolStaff, type MySchool } from '../api/schools-api.ts';
import { OneFieldForm } from './one-field-form.tsx';
import { StaffInviteForm } from './staff-invite-form.tsx';
import { StaffTable } from './staff-table.tsx';
import { RolloverCard } from './rollover-card.tsx';
import './schools.css';

const roleName = (role: MySchool['role']) => (role === 'district-admin' ? 'District Administrator' : STAFF_ROLE_LABELS[role]);

/** Settings → School: per school, its staff and invitations; staff management for admins; the rollover for those who see every student. */
export function SchoolSettingsTab() {
  const schools = useMySchools();
  if (schools.isPending) return <Skeleton active />;
  if (schools.isError) return <Alert type="error" showIcon title="Your schools could not be loaded. Please try again." />;
  if (schools.data.length === 0) return <p className="settings-row__text">You are not on the staff of any school.</p>;
  return (
    <>
      {schools.data.map((school) => (
        <SchoolCard key={school.id} school={school} />
      ))}
    </>
  );
}

function SchoolCard({ school }: { school: MySchool }) {
  const staff = useSchoolStaff(school.id);
  const rename = useRenameSchool();
  const manage = school.role === 'admin' || school.role === 'district-admin';
  const seesEveryStudent = school.role !== 'teacher';
  return (
    <Card title={<h2 className="settings-card-title">{school.name}</h2>} extra={<span className="school-card__role">{roleName(school.role)}</span>} className="school-card">
      <h3 className="school-card__section">Staff</h3>
      {staff.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : staff.isError ? <Alert type="error" showIcon title="The staff could not be loaded." /> : <StaffTable schoolId={school.id} staff={staff.data} manage={manage} />}
      {manage && (
        <>
          <h3 className="school-card__section">Invite to the staff</h3>
          <StaffInviteForm schoolId={school.id} />
          <h3 className="school-card__section">Rename the school</h3>
          <OneFieldForm
            label="New name"
            id={`rename-school-${school.id}`}
            submitLabel="Rename school"
            schema={schoolFormSchema.shape.name}
            submitting={rename.isPending}
            onSubmit={(name) => rename.mutateAsync({ schoolId: school.id, name }).then((renamed) => toast({ title: 'School renamed', description: `${renamed.name} is the school's name now.` }))}
          />
        </>
      )}
      {seesEveryStudent && <RolloverCard schoolId={school.id} schoolName={school.name} />}
      {school.role === 'district-admin' && <DeleteSchool school={school} />}
    </Card>
  );
}

/** A school made by mistake, or twice: a district admin deletes it once nothing is in it (the server says what is). */
function DeleteSchool({ school }: { school: MySchool }) {
  const remove = useDeleteSchool();
  const run = () =>
    remove.mutateAsync(school.id).then(
      () => toast({ title: 'School deleted', description: `${school.name} is no longer a school of the district.` }),
      (error: unknown) => toast({ title: 'School not deleted', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' }),
    );
  return (
    <>
      <h3 className="school-card__section">Delete the school</h3>
      <p className="settings-row__text">Only an empty school can be deleted: no students, no classes, and no staff but its administrators.</p>
      <Popconfirm title={`Delete ${school.name}?`} okText="Delete school" okButtonProps={{ danger: true }} onConfirm={() => void run()}>
        <Button danger loading={remove.isPending}>Delete school</Button>
      </Popconfirm>
    </>
  );
}
