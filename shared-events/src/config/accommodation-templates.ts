import type { AccommodationCategory } from './accommodation-categories.ts';

export interface AccommodationTemplate {
  /** Stable, so that seeding is idempotent across restarts and machines. */
  id: string;
  name: string;
  category: AccommodationCategory;
  description: string;
  /** Applies to state and district tests: listed in the testing coordinator's export. */
  appliesToTests: boolean;
}

const template = (
  slug: string,
  name: string,
  category: AccommodationCategory,
  description: string,
): AccommodationTemplate => ({ id: `template-${slug}`, name, category, description, appliesToTests: FOR_TESTS.has(slug) });

/** The templates a testing coordinator plans a test day around: time, setting, presentation and response. */
const FOR_TESTS = new Set([
  'extended-time',
  'reading-aloud',
  'speech-to-text',
  'text-to-speech',
  'small-group',
  'breaks',
  'calculator-use',
  'quiet-space',
  'noise-cancelling-headphones',
]);

/** The 21 accommodations of the landing demo, offered to every teacher as pre-built templates. */
export const ACCOMMODATION_TEMPLATES: readonly AccommodationTemplate[] = [
  template('extended-time', 'Extended Time', 'academic', 'Up to 1.5x the standard time on tests, quizzes and timed assignments.'),
  template('preferential-seating', 'Preferential Seating', 'behavioral', 'Seat near the teacher and away from doors, windows and other distractions.'),
  template('visual-schedule', 'Visual Schedule', 'organizational', 'A posted picture or written schedule of the day, reviewed at transitions.'),
  template('simplified-directions', 'Simplified Directions', 'academic', 'Directions broken into short steps, given orally and in writing.'),
  template('reading-aloud', 'Reading Aloud', 'academic', 'Test items and directions read aloud by an adult on request.'),
  template('speech-to-text', 'Speech-to-Text', 'academic', 'Dictation software or a scribe for written responses.'),
  template('text-to-speech', 'Text-to-Speech', 'academic', 'Screen-reader or audio version of printed and digital texts.'),
  template('graphic-organizers', 'Graphic Organizers', 'organizational', 'Templates that structure notes, writing and problem solving.'),
  template('small-group', 'Small Group', 'academic', 'Tests and assessments taken in a small group setting with fewer distractions.'),
  template('breaks', 'Breaks', 'behavioral', 'Short scheduled or requested breaks away from the task.'),
  template('calculator-use', 'Calculator Use', 'academic', 'A basic calculator allowed for math work except where computation is assessed.'),
  template('reduced-homework', 'Reduced Homework', 'organizational', 'Shortened homework that still covers every skill being practiced.'),
  template('note-taking-support', 'Note-taking Support', 'academic', 'Copies of teacher or peer notes, or guided notes with blanks to fill.'),
  template('behavior-plan', 'Behavior Plan', 'behavioral', 'An agreed plan of expectations, supports and responses for behavior.'),
  template('fidget-tools', 'Fidget Tools', 'behavioral', 'Quiet sensory tools allowed at the desk to support focus.'),
  template('check-in-check-out', 'Check-in/Check-out', 'behavioral', 'Brief daily check-in and check-out with a designated adult.'),
  template('assignment-checklist', 'Assignment Checklist', 'organizational', 'A checklist of steps and due dates for each multi-step assignment.'),
  template('behavior-chart', 'Behavior Chart', 'behavioral', 'A daily chart tracking agreed behavior goals, shared with home.'),
  template('reading-support', 'Reading Support', 'academic', 'Leveled texts, highlighted key passages or a reading partner.'),
  template('quiet-space', 'Quiet Space', 'academic', 'Access to a quiet, low-distraction space for independent work and tests.'),
  template('noise-cancelling-headphones', 'Noise-Cancelling Headphones', 'behavioral', 'Headphones available during independent work and testing.'),
];
