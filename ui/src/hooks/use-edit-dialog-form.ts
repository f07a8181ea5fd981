import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { toast } from '../lib/toast.ts';

/**
 * The form of a dialog that adds a thing or edits one: filled from the thing (or blank) each time the dialog opens,
 * checked with the schema the server checks with, and, when a save fails, the server's field messages beside their
 * fields and a toast saying what went wrong.
 */
export function useEditDialogForm<Values extends FieldValues, Output, Entity>(
  schema: Parameters<typeof zodResolver>[0],
  toValues: (entity: Entity | null) => Values,
  entity: Entity | null,
  open: boolean,
) {
  const form = useForm<Values, unknown, Output>({
    defaultValues: toValues(entity) as DefaultValues<Values>,
    // The form holds '' for an empty field; the schema turns it into what the server takes.
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, Output>,
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
