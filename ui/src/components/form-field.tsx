import type { ReactElement } from 'react';
import { Form } from 'antd';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface FormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  extra?: string;
  /** Receives the field props; spread them on an antd input (value, onChange, onBlur, id). */
  render: (field: { id: string; value: unknown; onChange: (...event: unknown[]) => void; onBlur: () => void; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement;
}

/** antd's label/error layout around a react-hook-form field; the error is announced via aria-describedby. */
export function FormField<T extends FieldValues>({ control, name, label, extra, render }: FormFieldProps<T>) {
  const id = `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          extra={extra}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error ? <span id={`${id}-error`}>{fieldState.error.message}</span> : undefined}
        >
          {render({
            id,
            name: field.name,
            value: field.value,
            onChange: field.onChange,
            onBlur: field.onBlur,
            'aria-invalid': Boolean(fieldState.error),
            'aria-describedby': fieldState.error ? `${id}-error` : undefined,
          })}
        </Form.Item>
      )}
    />
  );
}
