import { z } from 'zod';
import { singleLine } from './single-line-text.ts';

/**
 * A school's staff roles (issue 23): a teacher works with the students they own, share or teach; the 504
 * coordinator sees and edits every student of the school; a school administrator does what a coordinator does
 * and manages the staff.
 */
export const STAFF_ROLES = ['teacher', 'coordinator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { teacher: 'Teacher', coordinator: '504 Coordinator', admin: 'School Administrator' };

/** A district's or a school's name is printed on dashboards and exports: one line. */
export const organisationName = (label: string) => singleLine(z.string().trim().min(1, `${label} is required`).max(200), label);
