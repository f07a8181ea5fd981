import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { loadSampleData, SampleDataRefused } from './load-sample-data.ts';

/**
 * `npm run demo`: fills a fresh DATA_DIR with the fictional sample caseload, then prints how to sign in.
 * Exit code 1, with the reason, when the DATA_DIR already holds accounts or students (nothing is written then).
 */
const config = loadRuntimeConfig({ LOG_LEVEL: 'warn', ...process.env });
try {
  const result = await loadSampleData(config);
  const lines = [
    `Sample data loaded into ${config.dataDir}: ${result.students} fictional students, ${result.plans} plans, notes, a shared student and notifications.`,
    '',
    'Start the app with `npm start`, open ' + config.appUrl + ' and sign in as the sample teacher:',
    `  e-mail:   ${result.teacher.email}`,
    `  password: ${result.teacher.password}`,
    '',
    'The co-teacher the teacher shared a student with:',
    `  e-mail:   ${result.coTeacher.email}`,
    `  password: ${result.coTeacher.password}`,
  ];
  console.log(lines.join('\n'));
  process.exit(0);
} catch (error) {
  console.error(error instanceof SampleDataRefused ? error.message : `Sample data could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
