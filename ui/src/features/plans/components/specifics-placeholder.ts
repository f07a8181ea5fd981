/**
 * An example of what the specifics of one accommodation look like, so that the hint fits the field it sits in (a
 * break's specifics are not '1.5× on tests'). Matched on the accommodation's name; a generic hint otherwise.
 */
const EXAMPLES: [RegExp, string][] = [
  [/time|test|quiz/i, 'e.g. 1.5× on tests and quizzes'],
  [/break/i, 'e.g. a break card, up to 2 five-minute breaks per class'],
  [/seat/i, 'e.g. front row, near the teacher, away from the door'],
];

export const specificsPlaceholder = (accommodationName: string): string =>
  EXAMPLES.find(([pattern]) => pattern.test(accommodationName))?.[1] ?? 'e.g. what, how much, and when for this student';
