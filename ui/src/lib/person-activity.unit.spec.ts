import { describe, expect, it } from 'vitest';
import { PERSON_IDLE_AFTER_MS, personActivity } from './person-activity.ts';

describe('person activity', () => {
  it('counts opening the page and every key, click, touch or scroll; away after a minute without one', () => {
    let clock = 1_000_000;
    const target = new EventTarget();
    const activity = personActivity(target, () => clock);
    expect(activity.isAway()).toBe(false);

    clock += PERSON_IDLE_AFTER_MS - 1;
    expect(activity.isAway()).toBe(false);
    clock += 1;
    expect(activity.isAway()).toBe(true);

    target.dispatchEvent(new Event('keydown'));
    expect(activity.isAway()).toBe(false);
    clock += PERSON_IDLE_AFTER_MS;
    expect(activity.isAway()).toBe(true);
    target.dispatchEvent(new Event('pointerdown'));
    expect(activity.isAway()).toBe(false);
  });
});
