import { describe, expect, it } from 'vitest';
import { specificsPlaceholder } from './specifics-placeholder.ts';

describe('the specifics field’s hint fits its accommodation', () => {
  it('gives Breaks and Preferential Seating their own hints, not the extended time one', () => {
    expect(specificsPlaceholder('Extended Time')).toBe('e.g. 1.5× on tests and quizzes');
    expect(specificsPlaceholder('Breaks')).not.toContain('1.5×');
    expect(specificsPlaceholder('Preferential Seating')).not.toContain('1.5×');
    expect(specificsPlaceholder('Breaks')).not.toBe(specificsPlaceholder('Preferential Seating'));
    expect(specificsPlaceholder('Audio books')).not.toContain('1.5×');
  });
});
