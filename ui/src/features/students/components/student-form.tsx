import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { Card } from '../../../components/card.tsx';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Student, StudentInput } from '@accommodate/shared-events/schemas/student';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateStudent } from '../api/create-student.ts';
import { useUpdateStudent } from '../api/update-student.ts';
import { useStudentSuggestions } from '../api/get-student-suggestions.ts';
import { AccommodationPicker } from './accommodation-picker.tsx';
import { StudentSchoolField } from './student-school-field.tsx';
import { GRADE_OPTIONS, STATUS_OPTIONS, studentResolver, toValues, type SchoolChoice, type Values } from './student-form-values.ts';
import { SuggestionsPanel } from './suggestions-panel.tsx';
import { suggestionsToReview, withSuggestionAdded } from './suggestions-model.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { resolveStudentMerge, studentConflictBodySchema, type MergeChoices, type StudentConflictBody } from './student-merge.ts';
import './student-form.css';
import { returnPathOf } from './return-path.ts';

// Only needed after a 412 with conflicting fields: loaded then, not with the form (bench 6).
const StudentMergeDialog = lazy(() => import('./student-merge-dialog.tsx').then((m) => ({ default: m.StudentMergeDialog })));

interface StudentFormProps {
  /** Absent when adding a new student. */
  student?: Student;
  library: Accommodation[];
  /** The schools a new student may go into; none for a teacher of no school. */
  schools?: readonly SchoolChoice[];
  /** A final plan refused the changed accommodations (409): the page offers its amendment, then `resave`s. */
  offerAmendment?: (offer: { accommodationIds: string[]; resave: () => void }) => void;
}

/** The one form behind Add New Student and Edit Student (spec: "Student form (shared)"). */
export function StudentForm({ student, library, schools = [], offerAmendment }: StudentFormProps) {
  const navigate = useNavigate();
  const returnTo = returnPathOf(useLocation().state);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const saving = create.isPending || update.isPending;
  const { control, handleSubmit, formState, reset, setError, setValue } = useForm<Values, unknown, StudentInput>({
    defaultValues: toValues(student, schools),
    resolver: studentResolver,
  });
  // Suggestions only for a student already saved; one goes into the form on Add, and onto the record on save.
  const suggestions = useStudentSuggestions(student?.id ?? '');
  const chosen = useWatch({ control, name: 'accommodationIds' }) ?? [];
  const toReview = suggestionsToReview(suggestions.data ?? [], chosen, new Set(library.map((accommodation) => accommodation.id)));
  const addSuggestion = (accommodationId: string) => setValue('accommodationIds', withSuggestionAdded(chosen, accommodationId), { shouldDirty: true });
  // The record loaded: a co-teacher's save in between gives 412 (or a server merge); a refetch keeps what is typed.
  const [base, setBase] = useState(student);
  // A 412 with conflicting fields, and what I tried to save: the merge dialog's input.
  const [merge, setMerge] = useState<(StudentConflictBody & { mine: StudentInput }) | null>(null);
  // Mounted from the first conflict on, so closing the dialog still animates.
  const [mergeLoaded, setMergeLoaded] = useState(false);
  if (merge && !mergeLoaded) setMergeLoaded(true);
  const studentId = student?.id;
  useEffect(() => {
    reset(toValues(student, schools));
    setBase(student);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when another student is opened
  }, [studentId, reset]);

  const onError = (error: Error, form?: StudentInput) => {
    const conflict = error instanceof ApiRequestError && error.status === 412 ? studentConflictBodySchema.safeParse(error.body) : null;
    if (conflict?.success && form) {
      setMerge({ ...conflict.data, mine: form });
      return;
    }
    if (error instanceof ApiRequestError && error.status === 409 && form && student && offerAmendment) return offerAmendment({ accommodationIds: form.accommodationIds, resave: () => saveUpdate(student.id, base?.revision ?? student.revision, form) });
    if (error instanceof ApiRequestError) {
      for (const [field, message] of Object.entries(error.fieldErrors)) {
        setError(field as FieldPath<Values>, { message });
      }
    }
    const message = error instanceof ApiRequestError ? error.serverMessage : null;
    toast({ title: 'Error', description: message ?? 'Failed to save student information.', variant: 'destructive' });
  };

  const saveUpdate = (id: string, revision: number, form: StudentInput) =>
    update.mutate(
      { id, revision, form },
      {
        // A 200 may be the server's automatic merge with someone else's edit: the same success.
        onSuccess: (saved) => {
          setMerge(null);
          toast({ title: 'Student Updated', description: `${saved.firstName} ${saved.lastInitial}. has been updated successfully` });
          void navigate(returnTo);
        },
        onError: (error) => onError(error, form),
      },
    );

  /** Re-sends the whole form with the chosen values, based on the record that beat us. */
  const resolveMerge = (choices: MergeChoices) => {
    if (!merge || !base) return;
    const form = resolveStudentMerge({ base, mine: merge.mine, current: merge.current, conflicts: merge.conflicts, choices });
    setBase(merge.current);
    reset(toValues({ ...merge.current, ...form }));
    saveUpdate(merge.current.id, merge.current.revision, form);
  };

  const submit = handleSubmit((form) => {
    if (student) {
      saveUpdate(student.id, base?.revision ?? student.revision, form);
    } else {
      create.mutate(form, {
        onSuccess: (saved) => {
          toast({ title: 'Student Created', description: `${saved.firstName} ${saved.lastInitial}. has been added successfully` });
          void navigate('/students');
        },
        onError: (error) => onError(error),
      });
    }
  });

  const status = (name: FieldPath<Values>) => {
    const error = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], formState.errors) as
      | { message?: string }
      | undefined;
    return { validateStatus: error ? ('error' as const) : undefined, help: error?.message };
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark noValidate>
      <Card title="Student Information" size="small" style={{ marginBottom: 16 }}>
        <div className="student-form-grid">
          <Form.Item label="First Name" htmlFor="student-firstName" required {...status('firstName')}>
            <Controller name="firstName" control={control} render={({ field }) => <Input id="student-firstName" maxLength={100} {...field} />} />
          </Form.Item>
          <Form.Item label="Last Initial" htmlFor="student-lastInitial" required {...status('lastInitial')}>
            <Controller
              name="lastInitial"
              control={control}
              render={({ field }) => (
                <Input
                  id="student-lastInitial"
                  {...field}
                  // Spec: the input keeps only the first character, uppercased.
                  onChange={(event) => field.onChange(event.target.value.slice(0, 1).toUpperCase())}
                />
              )}
            />
          </Form.Item>
          <Form.Item label="Grade" htmlFor="student-grade" required {...status('grade')}>
            <Controller
              name="grade"
              control={control}
              render={({ field }) => (
                <Select
                  id="student-grade"
                  placeholder="Select grade"
                  value={field.value || null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={GRADE_OPTIONS}
                />
              )}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="student-status" required {...status('status')}>
            <Controller
              name="status"
              control={control}
              render={({ field }) => (
                <Select
                  id="student-status"
                  placeholder="Select status"
                  value={field.value || null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={
                    STATUS_OPTIONS.some((option) => option.value === field.value) || !field.value
                      ? STATUS_OPTIONS
                      : [...STATUS_OPTIONS, { value: field.value, label: field.value }]
                  }
                />
              )}
            />
          </Form.Item>
          <Form.Item label="Birthdate" htmlFor="student-birthdate" {...status('birthdate')}>
            <Controller
              name="birthdate"
              control={control}
              render={({ field }) => <Input id="student-birthdate" type="date" {...field} value={field.value ?? ''} />}
            />
          </Form.Item>
          {!student && schools.length > 0 && <StudentSchoolField control={control} schools={schools} />}
        </div>
      </Card>

      <Card title="Parent/Guardian Information" size="small" style={{ marginBottom: 16 }}>
        <div className="student-form-grid">
          <Form.Item label="Parent/Guardian Name" htmlFor="student-parentName" {...status('parentName')}>
            <Controller name="parentName" control={control} render={({ field }) => <Input id="student-parentName" maxLength={200} {...field} value={field.value ?? ''} />} />
          </Form.Item>
          <Form.Item label="Parent/Guardian Email" htmlFor="student-parentEmail" {...status('parentEmail')}>
            <Controller
              name="parentEmail"
              control={control}
              render={({ field }) => <Input id="student-parentEmail" type="email" maxLength={254} {...field} value={field.value ?? ''} />}
            />
          </Form.Item>
        </div>
        <Form.Item label="Parent/Guardian Notes" htmlFor="student-parentNotes" {...status('parentNotes')}>
          <Controller
            name="parentNotes"
            control={control}
            render={({ field }) => <Input.TextArea id="student-parentNotes" rows={3} maxLength={5000} {...field} value={field.value ?? ''} />}
          />
        </Form.Item>
      </Card>

      <Card title="Notes" size="small" style={{ marginBottom: 16 }}>
        <Form.Item {...status('notes')} style={{ marginBottom: 0 }}>
          <Controller
            name="notes"
            control={control}
            render={({ field }) => (
              <RichTextEditor id="student-notes" ariaLabel="Notes" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Form.Item>
      </Card>

      <Card title="Accommodations" size="small" style={{ marginBottom: 16 }}>
        <Form.Item {...status('accommodationIds')} style={{ marginBottom: 0 }}>
          <Controller
            name="accommodationIds"
            control={control}
            render={({ field }) => <AccommodationPicker library={library} value={field.value ?? []} onChange={field.onChange} />}
          />
        </Form.Item>
      </Card>

      {student && toReview.length > 0 && <SuggestionsPanel suggestions={toReview} onAdd={addSuggestion} />}

      <div className="student-form-actions">
        <Button onClick={() => void navigate(returnTo)} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {student ? 'Update Student' : 'Create Student'}
        </Button>
      </div>
      {mergeLoaded && (
        <Suspense fallback={null}>
          <StudentMergeDialog
            conflicts={merge?.conflicts ?? null}
            saving={update.isPending}
            onResolve={resolveMerge}
            // The base stays the old record, so the next save is merged or questioned again
            // instead of overwriting what they saved.
            onCancel={() => setMerge(null)}
          />
        </Suspense>
      )}
    </Form>
  );
}
