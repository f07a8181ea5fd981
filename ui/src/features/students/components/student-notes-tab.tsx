import { Button, Empty } from 'antd';
import { Card } from '../../../components/card.tsx';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { notesAreEmpty } from './notes-html.ts';
import { SafeNotes } from './safe-notes.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';

/** The notes; only those who may edit the student get Add Notes and Edit Notes. */
export function StudentNotesTab({ student, canEdit }: { student: Student; canEdit: boolean }) {
  const navigate = useNavigate();
  // Spec: both buttons go through the old ?edit=true address, which redirects to the edit route.
  const edit = () => void navigate(`/students/${encodeURIComponent(student.id)}?edit=true`);
  if (notesAreEmpty(student.notes)) {
    return (
      <Empty description="No notes have been added for this student">
        {canEdit && (
          <Button type="primary" onClick={edit}>
            Add Notes
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <Card size="small" extra={canEdit ? <Button icon={<EditOutlined />} onClick={edit}>Edit Notes</Button> : null} title={<CardHeading>Notes</CardHeading>}>
      <SafeNotes html={student.notes ?? ''} />
    </Card>
  );
}
