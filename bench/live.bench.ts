import { io, type Socket } from 'socket.io-client';
import { addStudent, inParallel, putStudent, registerTeacher, type Teacher } from './lib/api-client.ts';
import { fmt, percentile, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const SOCKETS = 200;
const USERS = 20;

function connect(url: string, teacher: Teacher): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: { Cookie: teacher.cookie }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * A (an HTTP client) updates a student; B (a socket of the same teacher in another
 * browser) waits for the `change` poke. 200 sockets are connected: 10 for each of 20
 * teachers. Latency is from A's response arriving to B's `change`; a poke that arrives
 * before the response (the API answers after the projection committed) counts as 0.
 */
export async function liveBenchmark(options: BenchOptions): Promise<BenchSection> {
  const writes = options.quick ? 60 : 300;
  const dir = tempDir('live');
  const sockets: Socket[] = [];
  const fromAck: number[] = [];
  const fromSend: number[] = [];
  let missed = 0;
  let receiversCount: number | undefined;
  try {
    const server = await spawnServer({ dataDir: dir.path });
    try {
      const teachers: Teacher[] = [];
      await inParallel(USERS, 5, async () => void teachers.push(await registerTeacher(server.url)));
      await inParallel(SOCKETS, 20, async (i) => void sockets.push(await connect(server.url, teachers[i % USERS]!)));
      const writer = teachers[0]!;
      const student = await addStudent(server.url, writer, 0);
      let revision = student.revision;
      // B: a socket that receives the writer's pokes; learn which by a first write.
      const receivers = new Set<Socket>();
      await new Promise<void>((resolve) => {
        for (const socket of sockets) socket.on('change', (m: { id: string }) => m.id === student.id && receivers.add(socket));
        void putStudent(server.url, writer, student.id, 1, revision).then(() => (revision += 1));
        setTimeout(resolve, 500);
      });
      const bSocket = [...receivers][0];
      if (!bSocket) throw new Error("no socket received the writer's change");
      for (const socket of sockets) socket.off('change');
      for (let i = 0; i < writes; i++) {
        let changedAt = 0;
        const poke = new Promise<void>((resolve) => {
          const onChange = (m: { id: string; revision?: number }) => {
            if (m.id !== student.id || m.revision !== revision + 1) return;
            changedAt = performance.now();
            bSocket.off('change', onChange);
            resolve();
          };
          bSocket.on('change', onChange);
        });
        const sent = performance.now();
        const status = await putStudent(server.url, writer, student.id, i + 2, revision);
        const acked = performance.now();
        if (status !== 200) throw new Error(`PUT answered ${status}`);
        const got = await Promise.race([poke.then(() => true), new Promise<boolean>((r) => setTimeout(r, 2_000, false))]);
        revision += 1;
        if (!got) {
          missed += 1;
          continue;
        }
        fromAck.push(Math.max(0, changedAt - acked));
        fromSend.push(changedAt - sent);
        await new Promise((r) => setTimeout(r, 10));
      }
      receiversCount = receivers.size;
    } finally {
      for (const socket of sockets) socket.close();
      await server.stop();
    }
  } finally {
    dir.dispose();
  }
  const ack = [...fromAck].sort((x, y) => x - y);
  const send = [...fromSend].sort((x, y) => x - y);
  const p50 = percentile(ack, 50);
  const p99 = percentile(ack, 99);
  return {
    title: '3. Live latency (200 sockets)',
    lines: [
      `${SOCKETS} sockets connected (${SOCKETS / USERS} for each of ${USERS} teachers; ${receiversCount ?? '?'} of them the writer's). ${writes} sequential PUTs by A;`,
      'B is another socket of the same teacher. Pokes that arrived before A had its answer count as 0 ms from the acknowledgement.',
      '',
      ...table(['measured from', 'p50 ms', 'p99 ms', 'max ms', 'samples', 'missed'], [
        ['A\'s write acknowledged', fmt(p50, 1), fmt(p99, 1), fmt(ack.at(-1) ?? NaN, 1), ack.length, missed],
        ['A\'s request sent', fmt(percentile(send, 50), 1), fmt(percentile(send, 99), 1), fmt(send.at(-1) ?? NaN, 1), send.length, missed],
      ]),
      '',
      `Pokes that arrived before the HTTP answer: ${fromAck.filter((x) => x === 0).length} of ${fromAck.length}.`,
    ],
    targets: [
      { target: 'live: p50 ≤ 15 ms', measured: `${fmt(p50, 1)} ms`, met: p50 <= 15 },
      { target: 'live: p99 ≤ 50 ms', measured: `${fmt(p99, 1)} ms`, met: p99 <= 50 },
      { target: 'live: no poke lost', measured: String(missed), met: missed === 0 },
    ],
  };
}
