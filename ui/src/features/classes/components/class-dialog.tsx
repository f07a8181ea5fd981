import { Form, Input, Modal } from 'antd';
import { Controller } from 'react-hook-form';
import { classFormSchema, type ClassForm } from '@accommodate/shared-events/schemas/class';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useEditDialogForm } from '../../../hooks/use-edit-dialog-form.ts';
import type { SchoolClass } from '../api/get-classes.ts';
import { useCreateClass, useUpdateClass } from '../api/change-class.ts';
import './class-dialog.css';

type Values = { name: string; period: string; subject: string; room: string; termStart: string; termEnd: string };
type TextField = 'name' | 'period' | 'subject' | 'room';
const FIELDS: { name: TextField; label: string; max: number; placeholder?: string }[] = [
  { name: 'name', label: 'Class name', max: 100, placeholder: 'Period 3 Algebra I' },
  { name: 'period', label: 'Period', max: 40 },
  { name: 'subject', label: 'Subject', max: 100 },
  { name: 'room', label: 'Room', max: 40 },
];
const TERM_FIELDS: { name: 'termStart' | 'termEnd'; label: string }[] = [
  { name: 'termStart', label: 'Term starts' },
  { name: 'termEnd', label: 'Term ends' },
];

const toValues = (schoolClass: SchoolClass | null): Values => ({
  name: schoolClass?.name ?? '',
  period: schoolClass?.period ?? '',
  subject: schoolClass?.subject ?? '',
  room: schoolClass?.room ?? '',
  termStart: schoolClass?.termStart ?? '',
  termEnd: schoolClass?.termEnd ?? '',
});

/** Add a class, or edit one's name, period, subject, room and term dates. */
export function ClassDialog({ open, schoolClass, onClose }: { open: boolean; schoolClass: SchoolClass | null; onClose: () => void }) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const saving = create.isPending || update.isPending;
  const { control, handleSubmit, formState, failed: failedWith } = useEditDialogForm<Values, ClassForm, SchoolClass>(classFormSchema, toValues, schoolClass, open);

  const done = (title: string) => () => {
    toast({ title });
    onClose();
  };
  const failed = failedWith((error) =>
    error instanceof ApiRequestError && error.status === 412 ? 'Someone changed this class meanwhile. Please try again.' : 'Failed to save the class. Please try again.',
  );
  const submit = handleSubmit((form) => {
    if (schoolClass) update.mutate({ schoolClass, form }, { onSuccess: done('Class updated'), onError: failed });
    else create.mutate(form, { onSuccess: done('Class added'), onError: failed });
  });

  return (
    <Modal open={open} title={schoolClass ? 'Edit Class' : 'Add Class'} onCancel={saving ? undefined : onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()} noValidate>
        {FIELDS.map(({ name, label, max, placeholder }) => (
          <Form.Item key={name} label={label} htmlFor={`class-${name}`} required={name === 'name'} validateStatus={formState.errors[name] ? 'error' : undefined} help={formState.errors[name]?.message}>
            <Controller name={name} control={control} render={({ field }) => <Input id={`class-${name}`} maxLength={max} placeholder={placeholder} {...field} />} />
          </Form.Item>
        ))}
        <div className="class-dialog__term">
          {TERM_FIELDS.map(({ name, label }) => (
            <Form.Item key={name} label={label} htmlFor={`class-${name}`} validateStatus={formState.errors[name] ? 'error' : undefined} help={formState.errors[name]?.message}>
              <Controller name={name} control={control} render={({ field }) => <Input id={`class-${name}`} type="date" {...field} />} />
            </Form.Item>
          ))}
        </div>
        <DialogActions saving={saving} onCancel={onClose} submitLabel={schoolClass ? 'Save Changes' : 'Add Class'} />
      </Form>
    </Modal>
  );
}
