import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { toast } from '../lib/toast.ts';

/**
 * The form holds '' for an empty field, which the schema's own input type has no room for: the form's values are taken
 * as they are, then the schema checks them and turns them into what the server takes.
 */
export function formResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output, z.ZodTypeDef, unknown>) {
  return zodResolver<Values, unknown, Output>(z.custom<Values>(() => true).pipe(schema));
}

/**
 * The form of a dialog that adds a thing or edits one: filled from the thing (or blank) each time the dialog opens,
 * checked with the schema the server checks with, and, when a save fails, the server's field messages beside their
 * fields and a toast saying what went wrong.
 */
export function useEditDialogForm<Values extends FieldValues, Output, Entity>(
  schema: z.ZodType<Output, z.ZodTypeDef, unknown>,
  toValues: (entity: Entity | null) => Values,
  entity: Entity | null,
  open: boolean,
) {
  const form = useForm<Values, unknown, Output>({
    defaultValues: toValues(entity) as DefaultValues<Values>,
    resolver: formResolver<Values, Output>(schema),
  });
  const { reset, setError } = form;
  useEffect(() => {
    if (open) reset(toValues(entity));
  }, [open, entity, reset, toValues]);

  /** An onError for a mutation: field messages beside their fields, and a toast with `description`. */
  const failed = (description: string | ((error: Error) => string)) => (error: Error) => {
    applyServerFieldErrors(error, setError);
    toast({ title: 'Error', description: typeof description === 'string' ? description : description(error), variant: 'destructive' });
  };
  return { ...form, failed };
}
