import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('groupCommit', () => {
  it('commits what arrives in one tick together, and what arrives during a commit in the next one', async () => {
    const batches: number[][] = [];
    let finishFirst: () => void = () => {};
    const commits = groupCommit<number>(async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    commits.add(1);
    commits.add(2);
    await new Promise(setImmediate);
    expect(batches).toEqual([[1, 2]]);

    // The first commit is still under way: these wait for it, and then go together.
    commits.add(3);
    commits.add(4);
    await new Promise(setImmediate);
    expect(batches).toEqual([[1, 2]]);
    finishFirst();
    await commits.drain();
    expect(batches).toEqual([[1, 2], [3, 4]]);
  });

  it('drain commits what was added without waiting for the next tick', async () => {
    const batches: string[][] = [];
    const commits = groupCommit<string>(async (batch) => void batches.push(batch));
    commits.add('a');
    await commits.drain();
    expect(batches).toEqual([['a']]);
  });

  it('is busy from an add until its commit has settled, and only then', async () => {
    let finish: () => void = () => {};
    const commits = groupCommit<number>(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(commits.busy).toBe(false);
    commits.add(1);
    expect(commits.busy).toBe(true); // waiting for the next tick
    await new Promise(setImmediate);
    expect(commits.busy).toBe(true); // committing
    finish();
    await commits.drain();
    expect(commits.busy).toBe(false);
  });
});
