import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { Controller } from 'react-hook-form';
import { ACCOMMODATION_CATEGORIES } from '@accommodate/shared-events/config/accommodation-categories';
import {
  accommodationFormSchema,
  type Accommodation,
  type AccommodationForm,
} from '@accommodate/shared-events/schemas/accommodation';
import { toast } from '../../../lib/toast.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useEditDialogForm } from '../../../hooks/use-edit-dialog-form.ts';
import { useCreateAccommodation } from '../api/create-accommodation.ts';
import { useUpdateAccommodation } from '../api/update-accommodation.ts';

interface AccommodationDialogProps {
  open: boolean;
  /** The accommodation being edited; null when adding. */
  accommodation: Accommodation | null;
  onClose: () => void;
}

type Values = { name: string; category: string; description: string; appliesToTests: boolean };
type Output = ReturnType<typeof accommodationFormSchema.parse>;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const toValues = (accommodation: Accommodation | null): Values => ({
  name: accommodation?.name ?? '',
  category: accommodation?.category ?? '',
  description: accommodation?.description ?? '',
  appliesToTests: accommodation?.appliesToTests ?? false,
});

export function AccommodationDialog({ open, accommodation, onClose }: AccommodationDialogProps) {
  const create = useCreateAccommodation();
  const update = useUpdateAccommodation();
  const saving = create.isPending || update.isPending;
  const { control, handleSubmit, formState, failed } = useEditDialogForm<Values, Output, Accommodation>(accommodationFormSchema, toValues, accommodation, open);

  const submit = handleSubmit((output) => {
    const form: AccommodationForm = { ...output, description: output.description || null };
    if (accommodation) {
      update.mutate(
        { id: accommodation.id, revision: accommodation.revision, form },
        {
          onSuccess: () => {
            toast({ title: 'Accommodation updated successfully' });
            onClose();
          },
          onError: failed('Failed to update accommodation. Please try again.'),
        },
      );
    } else {
      create.mutate(form, {
        onSuccess: () => {
          toast({ title: 'Accommodation added successfully' });
          onClose();
        },
        onError: failed('Failed to add accommodation. Please try again.'),
      });
    }
  });

  const status = (name: keyof Values) => ({
    validateStatus: formState.errors[name] ? ('error' as const) : undefined,
    help: formState.errors[name]?.message,
  });

  return (
    <Modal
      open={open}
      title={accommodation ? 'Edit Accommodation' : 'Add New Accommodation'}
      onCancel={saving ? undefined : onClose}
      footer={null}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()} noValidate>
        <Form.Item label="Name" htmlFor="accommodation-name" required {...status('name')}>
          <Controller name="name" control={control} render={({ field }) => <Input id="accommodation-name" maxLength={120} {...field} />} />
        </Form.Item>
        <Form.Item label="Category" htmlFor="accommodation-category" required {...status('category')}>
          <Controller
            name="category"
            control={control}
            render={({ field }) => (
              <Select
                id="accommodation-category"
                placeholder="Select a category"
                // null, not undefined: an undefined value leaves antd's Select uncontrolled, free to show a
                // category the form does not hold; null keeps it showing exactly the form's value (or the placeholder).
                value={field.value || null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={ACCOMMODATION_CATEGORIES.map((category) => ({ value: category, label: capitalise(category) }))}
              />
            )}
          />
        </Form.Item>
        <Form.Item label="Description" htmlFor="accommodation-description" {...status('description')}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => <Input.TextArea id="accommodation-description" rows={3} maxLength={1000} {...field} />}
          />
        </Form.Item>
        <Form.Item>
          <Controller
            name="appliesToTests"
            control={control}
            render={({ field }) => (
              <Checkbox id="accommodation-applies-to-tests" checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur}>
                Applies to state and district tests
              </Checkbox>
            )}
          />
        </Form.Item>
        <DialogActions saving={saving} onCancel={onClose} submitLabel={accommodation ? 'Save Changes' : 'Add Accommodation'} />
      </Form>
    </Modal>
  );
}
