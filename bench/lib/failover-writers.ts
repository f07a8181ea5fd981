import { call, inParallel, studentForm, type Teacher } from './api-client.ts';

export interface AckedWrite {
  teacher: Teacher;
  revision: number;
  firstName: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writers that keep going through failures, as browsers behind a balancer do: each adds a student, then keeps editing
 * it with If-Match; a failed request is retried. Notes every acknowledged write, and for each writer the longest time
 * it kept seeing errors (from the first failed answer of a run to the last one before a success): what a person would
 * see as an outage.
 */
export function startWriters(url: string, teachers: readonly Teacher[]) {
  const acked = new Map<string, AckedWrite>();
  let writes = 0;
  const longestOutageMs: number[] = [];
  let counter = 1;
  let stopped = false;
  const writer = async (teacher: Teacher) => {
    let current: { id: string; revision: number } | null = null;
    let failingSince: number | null = null;
    let lastFailure = 0;
    let longest = 0;
    const failed = (): void => {
      failingSince ??= Date.now();
      lastFailure = Date.now();
    };
    while (!stopped) {
      const n = counter++;
      try {
        const headers: Record<string, string> = { Cookie: teacher.cookie, 'Content-Type': 'application/json' };
        if (current) headers['If-Match'] = `"${current.revision}"`;
        const response = await fetch(current ? `${url}/api/students/${current.id}` : `${url}/api/students`, {
          method: current ? 'PUT' : 'POST',
          headers,
          body: JSON.stringify(studentForm(n)),
        });
        const body = (await response.json()) as { id?: string; revision?: number };
        if ((response.status === 200 || response.status === 201) && typeof body.revision === 'number') {
          const id: string = current ? current.id : body.id!;
          current = { id, revision: body.revision };
          acked.set(id, { teacher, revision: body.revision, firstName: `Student${n}` });
          writes += 1;
          if (failingSince !== null) longest = Math.max(longest, lastFailure - failingSince);
          failingSince = null;
        } else {
          // An edit cut off by a kill may have landed after all: start on a new student rather than guess its revision.
          if (response.status === 412) current = null;
          failed();
        }
      } catch {
        failed();
        await sleep(20);
      }
    }
    if (failingSince !== null) longest = Math.max(longest, lastFailure - failingSince);
    longestOutageMs.push(longest);
  };
  const running = teachers.map((teacher) => writer(teacher));
  return {
    acked,
    /** Acknowledged writes so far (POSTs and PUTs). */
    get writes() {
      return writes;
    },
    async stop(): Promise<{ longestOutageMs: number; writes: number }> {
      stopped = true;
      await Promise.all(running);
      return { longestOutageMs: Math.max(0, ...longestOutageMs), writes };
    },
  };
}

/** The acknowledged writes not found (at their revision, with their value, or later) within 10 s, read from `url`. */
export async function missingWrites(url: string, acked: ReadonlyMap<string, AckedWrite>): Promise<string[]> {
  const missing: string[] = [];
  const entries = [...acked.entries()];
  await inParallel(entries.length, 16, async (i) => {
    const [id, write] = entries[i]!;
    for (let tries = 0; tries < 100; tries++) {
      const read = await call(url, 'GET', `/api/students/${id}`, write.teacher.cookie);
      const body = read.body as { revision?: number; firstName?: string } | null;
      if (read.status === 200 && body && (body.revision! > write.revision || (body.revision === write.revision && body.firstName === write.firstName))) return;
      await sleep(100);
    }
    missing.push(id);
  });
  return missing;
}
