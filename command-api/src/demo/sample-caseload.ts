import type { StudentForm } from '@accommodate/shared-events/schemas/student';
import type { PlanForm } from '@accommodate/shared-events/schemas/plan';

/**
 * The sample caseload `npm run demo` loads: clearly fictional people (the 'Sample' family name, nature and story
 * names, example.com addresses, and every student's notes say so), shaped like a real teacher's year: every grade
 * band, the common accommodations, and plans whose reviews fall around today (overdue, due this week, this month,
 * later), so every review colour and reminder shows.
 */
export const SAMPLE_TEACHER = { name: 'Morgan Sample', email: 'morgan.sample@example.com' };
export const SAMPLE_CO_TEACHER = { name: 'Jordan Sample', email: 'jordan.sample@example.com' };

export interface SampleStudent {
  firstName: string;
  lastInitial: string;
  grade: StudentForm['grade'];
  status: 'active' | 'inactive' | 'issue';
  /** Template slugs ('extended-time' is 'template-extended-time'). */
  accommodations: string[];
  /** Review date as days from today (negative: overdue); null: no plan yet. */
  reviewInDays: number | null;
  planStatus?: PlanForm['status'];
  note: string;
}

const s = (
  firstName: string,
  lastInitial: string,
  grade: string,
  accommodations: string[],
  reviewInDays: number | null,
  note: string,
  extra: Partial<Pick<SampleStudent, 'status' | 'planStatus'>> = {},
): SampleStudent => ({ firstName, lastInitial, grade, status: 'active', accommodations, reviewInDays, note, ...extra });

export const SAMPLE_STUDENTS: readonly SampleStudent[] = [
  s('Juniper', 'S', 'K', ['visual-schedule', 'breaks', 'fidget-tools'], 45, 'Settles best with a picture schedule by the door.'),
  s('Orion', 'S', 'K', ['simplified-directions', 'check-in-check-out'], 120, 'Responds well to a quiet reminder before transitions.'),
  s('Clover', 'S', '1', ['reading-aloud', 'preferential-seating'], -12, 'Review meeting postponed once; family asked for an afternoon slot.', { status: 'issue' }),
  s('Wren', 'S', '1', ['noise-cancelling-headphones', 'quiet-space'], 9, 'Uses headphones during independent reading.'),
  s('Bramble', 'S', '2', ['behavior-chart', 'breaks'], 3, 'Chart goes home on Fridays.'),
  s('Marigold', 'S', '2', ['extended-time', 'small-group'], 75, 'Most confident in small-group math.'),
  s('Pippin', 'S', '3', ['graphic-organizers', 'assignment-checklist'], 24, 'Checklist taped inside the homework folder.'),
  s('Rowan', 'S', '3', ['text-to-speech', 'reading-support'], -3, 'Audio books for the class novel.', { planStatus: 'under-review' }),
  s('Sorrel', 'S', '4', ['extended-time', 'calculator-use'], 150, 'Calculator allowed except on fluency checks.'),
  s('Indigo', 'S', '4', ['speech-to-text', 'note-taking-support'], 1, 'Dictates longer answers; typing is still slow.'),
  s('Fable', 'S', '5', ['preferential-seating', 'fidget-tools', 'breaks'], 60, 'Front row, away from the window.'),
  s('Quill', 'S', '5', ['reduced-homework', 'assignment-checklist'], 14, 'Homework trimmed to one page per subject.'),
  s('Tamsin', 'S', '6', ['extended-time', 'quiet-space', 'small-group'], 200, 'Tests in the library annex.'),
  s('Zephyr', 'S', '6', ['behavior-plan', 'check-in-check-out'], -30, 'Behavior plan due for a fresh look with the counselor.', { status: 'issue' }),
  s('Hazel', 'S', '7', ['reading-aloud', 'graphic-organizers'], 40, 'Prefers organizers on paper, not on screen.'),
  s('Basil', 'S', '7', ['calculator-use', 'extended-time'], 6, 'Extended time applies to science labs too.'),
  s('Comet', 'S', '8', ['noise-cancelling-headphones', 'breaks'], 95, 'Five-minute breaks, timer on the desk.'),
  s('Lark', 'S', '8', ['note-taking-support', 'text-to-speech'], null, 'Plan meeting not scheduled yet.', { status: 'inactive' }),
  s('Moss', 'S', '9', ['extended-time', 'small-group', 'reading-support'], 18, 'Moving to the new building in spring.'),
  s('Nova', 'S', '9', ['speech-to-text'], 250, 'Uses dictation for essays only.'),
  s('Poppy', 'S', '10', ['preferential-seating', 'simplified-directions'], 30, 'Directions written on the board as well.'),
  s('Sable', 'S', '10', ['extended-time', 'quiet-space'], -1, 'Review due yesterday; coordinator has the draft.', { planStatus: 'under-review' }),
  s('Tansy', 'S', '11', ['reduced-homework', 'breaks'], 110, 'Part-time job; homework plan agreed with family.'),
  s('Wilder', 'S', '11', ['calculator-use', 'graphic-organizers'], 12, 'Graphing calculator on unit tests.'),
  s('Yarrow', 'S', '12', ['extended-time', 'note-taking-support'], 180, 'College-entrance exam accommodations requested.', { planStatus: 'draft' }),
];

/** The student shared with the second demo account (as a co-teacher), and what that co-teacher then adds. */
export const SHARED_STUDENT = 'Marigold';
export const CO_TEACHER_ADDS = 'reading-support';

/** Notes are HTML; every sample student's say they are fictional, so no one mistakes them for a real child. */
export const sampleNotes = (student: SampleStudent): string => `<p><em>Fictional sample student.</em> ${student.note}</p>`;

/** A calendar day (UTC) some days from now. */
export const dayFrom = (now: Date, days: number): string => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
