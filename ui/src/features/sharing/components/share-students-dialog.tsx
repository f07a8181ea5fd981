import { Modal, Typography } from 'antd';
import { useShareStudents } from '../api/share-students.ts';
import { toastShareFailed, toastShared } from './share-feedback.ts';
import { ShareForm } from './share-form.tsx';

interface ShareStudentsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The selected students, by id and display name. */
  students: { id: string; name: string }[];
  /** Called after a successful share, to clear the selection. */
  onShared: () => void;
}

/** "Share selected" on the students list: one person, one role, several students. */
export function ShareStudentsDialog({ open, onClose, students, onShared }: ShareStudentsDialogProps) {
  const share = useShareStudents();
  const count = students.length;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={`Share ${count} student${count === 1 ? '' : 's'}`} destroyOnHidden>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: true }}>
        {students.map((student) => student.name).join(', ')}
      </Typography.Paragraph>
      <ShareForm
        submitLabel={`Share ${count} student${count === 1 ? '' : 's'}`}
        submitting={share.isPending}
        onSubmit={(input) =>
          share.mutateAsync({ ...input, studentIds: students.map((student) => student.id) }).then(
            (result) => {
              const first = result.shares[0];
              if (first) toastShared(first, result.shares.length);
              onShared();
              onClose();
            },
            (error: Error) => {
              toastShareFailed(error, 'Failed to share the students.');
              throw error;
            },
          )
        }
      />
    </Modal>
  );
}
