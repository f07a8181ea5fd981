import { Button, Popconfirm, Select, Table, Tag } from 'antd';
import { STAFF_ROLE_LABELS, type StaffRole } from '@accommodate/shared-events/schemas/school';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeStaffRole, useRemoveStaff, type StaffMember } from '../api/schools-api.ts';
import { STAFF_ROLE_OPTIONS } from './staff-invite-form.tsx';

/** A member is addressed by their account, or by the invitation while it is pending. */
const memberKey = (member: StaffMember) => member.userId ?? member.staffId;
const memberName = (member: StaffMember) => member.name ?? member.email ?? 'Invited member';

/** The school's staff with their roles; those who manage the staff change roles and remove people. */
export function StaffTable({ schoolId, staff, manage }: { schoolId: string; staff: StaffMember[]; manage: boolean }) {
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  const failed = (title: string) => (error: unknown) => toast({ title, description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });

  return (
    <Table<StaffMember>
      size="small"
      rowKey="staffId"
      pagination={false}
      dataSource={staff}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: 'Name',
          key: 'name',
          render: (_, member) => (
            <>
              {memberName(member)} {member.status === 'pending' && <Tag color="gold">Invitation pending</Tag>}
              {member.email && member.name ? <div className="school-staff__email">{member.email}</div> : null}
            </>
          ),
        },
        {
          title: 'Role',
          key: 'role',
          render: (_, member) =>
            manage ? (
              <Select<StaffRole>
                size="small"
                value={member.role}
                options={STAFF_ROLE_OPTIONS}
                aria-label={`Role of ${memberName(member)}`}
                style={{ minWidth: 180 }}
                onChange={(role) =>
                  changeRole.mutate(
                    { schoolId, member: memberKey(member), role },
                    { onSuccess: () => toast({ title: 'Role changed', description: `${memberName(member)} is now ${STAFF_ROLE_LABELS[role]}.` }), onError: failed('Role not changed') },
                  )
                }
              />
            ) : (
              STAFF_ROLE_LABELS[member.role]
            ),
        },
        ...(manage
          ? [
              {
                title: <span className="visually-hidden">Actions</span>,
                key: 'actions',
                render: (_: unknown, member: StaffMember) => (
                  <Popconfirm
                    title={`Remove ${memberName(member)} from the school?`}
                    description="Their students stay with the school: the case manager or a coordinator takes over what they owned."
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      void remove.mutateAsync({ schoolId, member: memberKey(member) }).then(
                        () => toast({ title: 'Removed from the school', description: `${memberName(member)} no longer has access to the school.` }),
                        failed('Not removed'),
                      )
                    }
                  >
                    <Button size="small" danger aria-label={`Remove ${memberName(member)}`}>
                      Remove
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
