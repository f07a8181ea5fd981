import { Alert, Button, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { districtAdminFormSchema } from '@accommodate/shared-events/schemas/school';
import { useCurrentUser } from '../../../lib/auth.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddDistrictAdmin, useDistrictAdmins, useRemoveDistrictAdmin, type District, type DistrictAdmin } from '../api/schools-api.ts';
import { OneFieldForm } from './one-field-form.tsx';

const adminName = (admin: DistrictAdmin) => admin.name ?? admin.email;

/** Settings → District: who administers the district, their removal (with a confirmation), and inviting another. */
export function DistrictAdmins({ district }: { district: District }) {
  const admins = useDistrictAdmins(district.id);
  const addAdmin = useAddDistrictAdmin();
  const remove = useRemoveDistrictAdmin();
  const { user } = useCurrentUser();

  const removeAdmin = (admin: DistrictAdmin) =>
    remove.mutateAsync({ districtId: district.id, admin: admin.id }).then(
      () =>
        toast({
          title: admin.status === 'pending' ? 'Invitation withdrawn' : 'Administrator removed',
          description: admin.userId === user?.id ? `You no longer administer ${district.name}.` : `${adminName(admin)} no longer administers ${district.name}.`,
        }),
      (error: unknown) => toast({ title: 'Not removed', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' }),
    );

  return (
    <>
      {admins.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : admins.isError ? (
        <Alert type="error" showIcon title="The administrators could not be loaded." />
      ) : (
        <Table<DistrictAdmin>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={admins.data}
          className="district-admins"
          columns={[
            {
              title: 'Name',
              key: 'name',
              // Name and address in one column, so that Remove stays in sight at a phone's width.
              render: (_, admin) => (
                <>
                  {admin.name ?? 'Invited administrator'} {admin.userId === user?.id && <Tag>You</Tag>}
                  {admin.status === 'pending' && <Tag color="gold">Invitation pending</Tag>}
                  <div className="school-staff__email district-admins__email">{admin.email}</div>
                </>
              ),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              render: (_, admin) => {
                const self = admin.userId === user?.id;
                return (
                  <Popconfirm
                    title={self ? `Remove yourself as an administrator of ${district.name}?` : `Remove ${adminName(admin)} as an administrator?`}
                    description={self ? 'You lose access to the district at once.' : 'They lose access to the district at once.'}
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => void removeAdmin(admin)}
                  >
                    <Button size="small" danger aria-label={`Remove ${adminName(admin)}`}>
                      Remove
                    </Button>
                  </Popconfirm>
                );
              },
            },
          ]}
        />
      )}
      <OneFieldForm
        label="Administrator's e-mail"
        id={`new-admin-${district.id}`}
        type="email"
        submitLabel="Add administrator"
        schema={districtAdminFormSchema.shape.email}
        submitting={addAdmin.isPending}
        onSubmit={(email) =>
          addAdmin
            .mutateAsync({ districtId: district.id, email })
            .then(() => toast({ title: 'District administrator added', description: 'We e-mailed them an invitation. They manage the district once their e-mail address is verified.' }))
        }
      />
    </>
  );
}
