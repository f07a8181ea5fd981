import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteStudent } from '../api/delete-student.ts';

interface DeleteStudentDialogProps {
  student: Student;
  open: boolean;
  onClose: () => void;
}

export function DeleteStudentDialog({ student, open, onClose }: DeleteStudentDialogProps) {
  const navigate = useNavigate();
  const deletion = useDeleteStudent();
  const confirm = () =>
    deletion.mutate(
      { id: student.id, revision: student.revision },
      {
        onSuccess: () => {
          toast({ title: 'Student Deleted', description: 'Student and all related data has been deleted successfully.' });
          onClose();
          void navigate('/students');
        },
        onError: (error) => {
          const message = error instanceof ApiRequestError ? error.serverMessage : null;
          toast({ title: 'Error', description: message ?? 'Failed to delete student.', variant: 'destructive' });
        },
      },
    );
  return (
    <Modal
      open={open}
      title="Are you absolutely sure?"
      onCancel={deletion.isPending ? undefined : onClose}
      closable={!deletion.isPending}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={deletion.isPending}>
          Cancel
        </Button>,
        <Button key="delete" danger type="primary" onClick={confirm} disabled={deletion.isPending}>
          {deletion.isPending ? 'Deleting...' : 'Delete Student'}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        This action cannot be undone. This will permanently delete the student&apos;s profile and all associated
        accommodations and documents.
      </Typography.Paragraph>
    </Modal>
  );
}
