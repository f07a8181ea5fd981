import { z } from 'zod';
import { singleLine } from './single-line-text.ts';

/**
 * A school's staff roles: a teacher works with the students they own, share or teach; the 504
 * coordinator sees and edits every student of the school; a school administrator does what a coordinator does
 * and manages the staff.
 */
export const STAFF_ROLES = ['teacher', 'coordinator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { teacher: 'Teacher', coordinator: '504 Coordinator', admin: 'School Administrator' };

/** A district's or a school's name is printed on dashboards and exports: one line. */
export const organisationName = (label: string) => singleLine(z.string().trim().min(1, `${label} is required`).max(200), label);

const inviteeEmail = z.string({ required_error: 'Email is required' }).trim().toLowerCase().email('Please enter a valid email address').max(254);
/**
 * 429: invitations (to a school's staff, a district's admins, a class's teachers) per account and hour are limited,
 * so that nobody tries address after address.
 */
export const TOO_MANY_INVITATIONS = 'Too many invitations in a short time. Please try again later.';

const staffRole = z.enum(STAFF_ROLES, { errorMap: () => ({ message: 'Please select a role' }) });

/** POST /api/districts */
export const districtFormSchema = z.object({ name: organisationName('District name') });
/** POST /api/districts/:id/schools */
export const schoolFormSchema = z.object({ name: organisationName('School name') });
/** POST /api/districts/:id/admins */
export const districtAdminFormSchema = z.object({ email: inviteeEmail });
/** POST /api/schools/:id/staff */
export const staffFormSchema = z.object({ email: inviteeEmail, role: staffRole });
/** PATCH /api/schools/:id/staff/:userId */
export const staffPatchSchema = z.object({ role: staffRole });

/** PUT /api/students/:id/case-manager: a staff member of the student's school, or null for none. */
export const caseManagerFormSchema = z.object({ userId: z.string({ required_error: 'Please choose a case manager' }).min(1).max(100).nullable() });
/** POST /api/students/:id/transfer */
export const transferFormSchema = z.object({ schoolId: z.string({ required_error: 'Please choose a school' }).min(1, 'Please choose a school').max(100) });

export interface District {
  id: string;
  name: string;
}
export interface School {
  id: string;
  name: string;
  districtId: string;
}
/** GET /api/schools: a school the user works at, or whose district they administer, and how they reach it. */
export interface MySchool extends School {
  role: StaffRole | 'district-admin';
}
/**
 * An admin of a district as its admin list shows them: `id` names them for removal (their account's id, or the
 * invitation's while it is pending, with no account and so no name yet).
 */
export interface DistrictAdmin {
  id: string;
  userId: string | null;
  name: string | null;
  email: string;
  status: 'active' | 'pending';
}
/** A member of a school's staff as its staff list shows them; the address only to those who manage the staff. */
export interface StaffMember {
  staffId: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  role: StaffRole;
  status: 'active' | 'pending';
}
