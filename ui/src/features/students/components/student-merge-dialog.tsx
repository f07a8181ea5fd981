import { useEffect, useState } from 'react';
import { Alert, Modal, Radio, Space, Typography } from 'antd';
import type { StudentConflict } from '@accommodate/shared-events/schemas/co-editing';
import { FIELD_LABELS, type MergeChoices, type MergeSide } from './student-merge.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';

interface StudentMergeDialogProps {
  /** Null when closed. */
  conflicts: StudentConflict[] | null;
  saving: boolean;
  onResolve: (choices: MergeChoices) => void;
  onCancel: () => void;
}

/** Notes are HTML; a choice between two values only needs their words. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!text.includes('<')) return text;
  return new DOMParser().parseFromString(text, 'text/html').body.textContent?.trim() || '(empty)';
}


/** On a 412: for each field both people changed, "yours" against "theirs, by NAME at TIME". */
export function StudentMergeDialog({ conflicts, saving, onResolve, onCancel }: StudentMergeDialogProps) {
  const [choices, setChoices] = useState<MergeChoices>({});
  useEffect(() => {
    setChoices(Object.fromEntries((conflicts ?? []).map((conflict) => [conflict.field, 'yours'])));
  }, [conflicts]);

  return (
    <Modal
      open={conflicts !== null}
      title="Someone else changed this student"
      okText="Save my choices"
      onOk={() => onResolve(choices)}
      confirmLoading={saving}
      onCancel={onCancel}
      cancelText="Keep editing"
      width={640}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="While you were editing, these fields were saved by someone else. Choose which value to keep for each one; everything else is merged for you."
      />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {(conflicts ?? []).map((conflict) => {
          const label = FIELD_LABELS[conflict.field] ?? conflict.field;
          return (
            <fieldset key={conflict.field} className="merge-field" data-testid="merge-field">
              <legend>
                <Typography.Text strong>{label}</Typography.Text>
              </legend>
              <Radio.Group
                aria-label={label}
                value={choices[conflict.field] ?? 'yours'}
                onChange={(event) => setChoices((previous) => ({ ...previous, [conflict.field]: event.target.value as MergeSide }))}
              >
                <Space direction="vertical" size={4}>
                  <Radio value="yours">
                    Yours: <span className="merge-value">{shown(conflict.yours)}</span>
                  </Radio>
                  <Radio value="theirs">
                    Theirs, by {conflict.by.name} at {formatDateTime(conflict.at)}: <span className="merge-value">{shown(conflict.theirs)}</span>
                  </Radio>
                </Space>
              </Radio.Group>
            </fieldset>
          );
        })}
      </Space>
    </Modal>
  );
}
