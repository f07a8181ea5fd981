import { Button, Card, Empty } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { notesAreEmpty } from './notes-html.ts';
import { SafeNotes } from './safe-notes.tsx';

export function StudentNotesTab({ student }: { student: Student }) {
  const navigate = useNavigate();
  // Spec: both buttons go through the old ?edit=true address, which redirects to the edit route.
  const edit = () => navigate(`/students/${encodeURIComponent(student.id)}?edit=true`);
  if (notesAreEmpty(student.notes)) {
    return (
      <Empty description="No notes have been added for this student">
        <Button type="primary" onClick={edit}>
          Add Notes
        </Button>
      </Empty>
    );
  }
  return (
    <Card size="small" extra={<Button icon={<EditOutlined />} onClick={edit}>Edit Notes</Button>} title="Notes">
      <SafeNotes html={student.notes ?? ''} />
    </Card>
  );
}
