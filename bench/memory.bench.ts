import { addStudent, getText, inParallel, registerTeacher, type Teacher } from './lib/api-client.ts';
import { fmt, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const PER_TEACHER = 200;

/** Server RSS once 10,000 students exist (added through the API by 50 teachers) and each list has been read. */
export async function memoryBenchmark(options: BenchOptions): Promise<BenchSection> {
  const students = options.quick ? 2_000 : 10_000;
  const dir = tempDir('memory');
  try {
    const server = await spawnServer({ dataDir: dir.path });
    try {
      const idle = server.memory();
      const teachers: Teacher[] = [];
      await inParallel(students / PER_TEACHER, 8, async () => void teachers.push(await registerTeacher(server.url, { premium: true })));
      await inParallel(students, 32, (i) => addStudent(server.url, teachers[i % teachers.length]!, i));
      for (const teacher of teachers) await getText(server.url, '/api/students', teacher.cookie);
      const loaded = server.memory();
      return {
        title: `7. Memory (${fmt(students)} students)`,
        lines: [
          `${teachers.length} premium teachers with ${PER_TEACHER} students each, added through POST /api/students (32 at a time), then every teacher's list read once.`,
          '',
          ...table(['moment', 'RSS MB', 'peak RSS MB'], [
            ['ready, empty', fmt(idle.rssMb), fmt(idle.peakMb)],
            [`${fmt(students)} students`, fmt(loaded.rssMb), fmt(loaded.peakMb)],
          ]),
        ],
        targets: [{ target: `RSS with ${fmt(students)} students ≤ 300 MB`, measured: `${fmt(loaded.rssMb)} MB (peak ${fmt(loaded.peakMb)})`, met: loaded.rssMb <= 300 }],
      };
    } finally {
      await server.stop();
    }
  } finally {
    dir.dispose();
  }
}
