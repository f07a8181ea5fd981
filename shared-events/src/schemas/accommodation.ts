import { z } from 'zod';
import { singleLine } from './single-line-text.ts';
import { ACCOMMODATION_CATEGORIES } from '../config/accommodation-categories.ts';

/** Spec section 5; POST and PATCH /api/accommodations take this body. */
export const accommodationFormSchema = z.object({
  name: singleLine(
    z.string({ required_error: 'Accommodation name must be at least 3 characters' }).trim()
      .min(3, 'Accommodation name must be at least 3 characters')
      .max(120),
    'Accommodation name',
  ),
  category: z.enum(ACCOMMODATION_CATEGORIES, {
    errorMap: () => ({ message: 'Please select a category' }),
  }),
  description: z.string().trim().max(1000).optional().nullable(),
  /** 'Applies to state and district tests'. */
  appliesToTests: z.boolean().optional().default(false),
});
export type AccommodationForm = z.input<typeof accommodationFormSchema>;

export const accommodationSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  /** True for the pre-built templates every teacher shares; those are read-only. */
  isTemplate: z.boolean(),
  ownerId: z.string().nullable(),
  appliesToTests: z.boolean(),
  revision: z.number(),
});
export type Accommodation = z.infer<typeof accommodationSchema>;
