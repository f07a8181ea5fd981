import { Button } from 'antd';

/** The foot of an add/edit dialog: Cancel, then the submit button, both held while the save is under way. */
export function DialogActions({ saving, onCancel, submitLabel }: { saving: boolean; onCancel: () => void; submitLabel: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitLabel}
      </Button>
    </div>
  );
}
