import { describe, expect, it } from 'vitest';
import { periodLabel, roomLabel } from './class-labels.ts';

describe('class labels: the word once', () => {
  it('adds the word to a bare room or period', () => {
    expect(roomLabel('204')).toBe('Room 204');
    expect(periodLabel('3')).toBe('Period 3');
  });
  it('does not double a word already typed', () => {
    expect(roomLabel('Room 112')).toBe('Room 112');
    expect(roomLabel('room 112')).toBe('room 112');
    expect(periodLabel('Period 3')).toBe('Period 3');
  });
  it('keeps other names as they are, with the word before them', () => {
    expect(roomLabel('Library')).toBe('Room Library');
  });
});
