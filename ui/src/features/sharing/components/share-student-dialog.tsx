import { Divider, Modal, Typography } from 'antd';
import { toast } from '../../../lib/toast.ts';
import { useStudentShares } from '../api/get-student-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { useShareStudent } from '../api/share-student.ts';
import { toastShareFailed, toastShared } from './share-feedback.ts';
import { ShareForm } from './share-form.tsx';
import { ShareList } from './share-list.tsx';

interface ShareStudentDialogProps {
  open: boolean;
  onClose: () => void;
  studentId: string;
  studentName: string;
}

/** The owner's sharing screen for one student: invite someone, see who has access, revoke it. */
export function ShareStudentDialog({ open, onClose, studentId, studentName }: ShareStudentDialogProps) {
  const shares = useStudentShares(studentId, open);
  const share = useShareStudent();
  const revoke = useRevokeShare();

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={`Share ${studentName}`} destroyOnHidden>
      <ShareForm
        submitLabel="Share"
        submitting={share.isPending}
        onSubmit={(input) =>
          share.mutateAsync({ studentId, input }).then(toastShared, (error: Error) => {
            toastShareFailed(error, 'Failed to share the student.');
            throw error;
          })
        }
      />
      <Divider />
      <Typography.Title level={5}>People with access</Typography.Title>
      <ShareList
        shares={shares.data ?? []}
        loading={shares.isPending}
        revokingId={revoke.isPending ? (revoke.variables?.shareId ?? null) : null}
        onRevoke={(target) =>
          revoke.mutate(
            { studentId, shareId: target.id },
            {
              onSuccess: () => toast({ title: 'Access revoked', description: `${target.grantee?.name ?? target.email} no longer has access.` }),
              onError: (error) => toastShareFailed(error, 'Failed to revoke access.'),
            },
          )
        }
      />
    </Modal>
  );
}
