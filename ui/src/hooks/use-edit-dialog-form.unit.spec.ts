import { describe, expect, it } from 'vitest';
import { accommodationFormSchema } from '@accommodate/shared-events/schemas/accommodation';
import { formResolver } from './use-edit-dialog-form.ts';

type Values = { name: string; category: string; description: string; appliesToTests: boolean };
const resolve = formResolver<Values, ReturnType<typeof accommodationFormSchema.parse>>(accommodationFormSchema);
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a dialog form checked with the schema the server checks with', () => {
  it('puts each message beside its field when the form holds empty fields', async () => {
    const result = await resolve({ name: 'ab', category: '', description: '', appliesToTests: false }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe('Accommodation name must be at least 3 characters');
    expect(result.errors.category?.message).toBe('Please select a category');
  });

  it('hands on what the server takes once the form is right', async () => {
    const result = await resolve({ name: 'Extended time', category: 'academic', description: '', appliesToTests: true }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Extended time', category: 'academic', appliesToTests: true });
  });
});
