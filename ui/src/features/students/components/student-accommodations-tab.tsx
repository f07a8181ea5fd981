import { useState } from 'react';
import { Button, Empty, Tag, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { EditOutlined, FilePdfOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CATEGORY_COLORS, DEFAULT_CATEGORY_COLOR } from '@accommodate/shared-events/config/accommodation-categories';
import type { AccommodationWithSpecifics as StudentAccommodation, Student } from '@accommodate/shared-events/schemas/student';
import { toast } from '../../../lib/toast.ts';
import { exportAccommodationsPdf } from './export-accommodations-pdf.ts';
import { CardHeading } from '../../../components/card-heading.tsx';
import { studentPageState } from './return-path.ts';

const UNCATEGORIZED = 'Uncategorized';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function groupByCategory(accommodations: StudentAccommodation[]): [string, StudentAccommodation[]][] {
  const groups = new Map<string, StudentAccommodation[]>();
  for (const accommodation of accommodations) {
    const key = accommodation.category || UNCATEGORIZED;
    groups.set(key, [...(groups.get(key) ?? []), accommodation]);
  }
  return [...groups.entries()];
}

interface StudentAccommodationsTabProps {
  student: Student;
  accommodations: StudentAccommodation[];
  /** View-only roles (substitutes, auditors) read the list and export it, nothing more. */
  canEdit?: boolean;
}

export function StudentAccommodationsTab({ student, accommodations, canEdit = true }: StudentAccommodationsTabProps) {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const editPath = `/students/edit/${encodeURIComponent(student.id)}`;

  const exportPdf = async () => {
    setExporting(true);
    try {
      await exportAccommodationsPdf(student.id);
      toast({ title: 'Export Successful', description: 'The accommodations have been exported to PDF.' });
    } catch {
      toast({
        title: 'Export Failed',
        description: 'Failed to export the accommodations to PDF. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="student-accommodations-print">
      <div className="no-print" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end', marginBottom: 16 }}>
        <Button icon={<FilePdfOutlined />} disabled={accommodations.length === 0 || exporting} onClick={() => void exportPdf()}>
          {exporting ? 'Exporting...' : 'Export to PDF'}
        </Button>
        {canEdit && (
          <Button type="primary" icon={<SettingOutlined />} onClick={() => void navigate(editPath, { state: studentPageState(student.id) })}>
            Manage Accommodations
          </Button>
        )}
      </div>
      {accommodations.length === 0 ? (
        <Empty description="No accommodations have been added for this student yet" />
      ) : (
        groupByCategory(accommodations).map(([category, items]) => (
          <Card
            key={category}
            size="small"
            style={{ marginBottom: 16 }}
            title={
              <CardHeading>
                <span style={{ color: CATEGORY_COLORS[category as keyof typeof CATEGORY_COLORS] ?? DEFAULT_CATEGORY_COLOR }}>
                  {capitalise(category)}
                </span>
              </CardHeading>
            }
          >
            {items.map((accommodation) => (
              <div key={accommodation.id} className="student-accommodation-row">
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{accommodation.name}</Typography.Text>{' '}
                  <Tag color={accommodation.status === 'active' ? 'green' : 'default'}>{accommodation.status}</Tag>
                  {accommodation.description && (
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {accommodation.description}
                    </Typography.Paragraph>
                  )}
                  {accommodation.specifics && (
                    <Typography.Paragraph style={{ margin: 0 }}>
                      For this student: {accommodation.specifics}
                    </Typography.Paragraph>
                  )}
                </div>
                {canEdit && (
                  <Button size="small" icon={<EditOutlined />} className="no-print" onClick={() => void navigate(editPath, { state: studentPageState(student.id) })}>
                    Edit
                  </Button>
                )}
              </div>
            ))}
          </Card>
        ))
      )}
    </div>
  );
}
