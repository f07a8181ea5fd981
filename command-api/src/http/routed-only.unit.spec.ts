import express, { Router } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { routedByPrefix } from './routed-only.ts';
import { serveOnLoopback } from '../testing/serve-on-loopback.ts';

describe('routedByPrefix with one router (entered only for paths its routes could match)', () => {
  let close = () => {};
  afterEach(() => close());

  async function serve(app: express.Express) {
    const served = await serveOnLoopback(app);
    close = served.close;
    return served.get;
  }

  /** Serves `router` alone through routedByPrefix, before a 404, and records the paths for which it was entered. */
  async function serveRoutedOnly(router: Router) {
    const entered: string[] = [];
    const spy = ((req, res, next) => {
      entered.push(req.path);
      router(req, res, next);
    }) as Router;
    spy.stack = router.stack;
    const app = express();
    app.use(routedByPrefix([spy]));
    app.use((req, res) => void res.status(404).send('not found'));
    return { get: await serve(app), entered };
  }

  it('answers every route it holds, in any letter case, and passes other paths on without entering it', async () => {
    const nested = Router();
    nested.get('/api/plans/:id', (req, res) => void res.send(`plan ${req.params.id}`));
    const feature = Router();
    feature.get('/api/students/:id', (req, res) => void res.send(`student ${req.params.id}`));
    feature.use(nested);
    const { get, entered } = await serveRoutedOnly(feature);

    expect(await get('/api/students/s1')).toBe('200 student s1');
    expect(await get('/API/Students/s2')).toBe('200 student s2');
    expect(await get('/api/plans/p1')).toBe('200 plan p1');
    expect(await get('/api/accommodations')).toBe('404 not found');
    expect(entered).toEqual(['/api/students/s1', '/API/Students/s2', '/api/plans/p1']);
  });

  it('leaves a router with a middleware of its own as it is (its paths cannot be told)', async () => {
    const feature = Router();
    feature.use((req, res, next) => (req.path.startsWith('/anything') ? void res.send('middleware') : next()));
    feature.get('/api/students', (_req, res) => void res.send('students'));
    const app = express();
    app.use(routedByPrefix([feature]));
    const get = await serve(app);
    expect(await get('/anything/at/all')).toBe('200 middleware');
  });

  it('enters a router of short routes (the health checks) only for those paths, with or without a trailing slash', async () => {
    const health = Router();
    health.get('/healthz', (_req, res) => void res.send('ok'));
    const { get, entered } = await serveRoutedOnly(health);

    expect(await get('/healthz')).toBe('200 ok');
    expect(await get('/HealthZ/')).toBe('200 ok');
    expect(await get('/healthz/more')).toBe('404 not found');
    expect(await get('/api/students')).toBe('404 not found');
    expect(entered).toEqual(['/healthz', '/HealthZ/']);
  });
});

describe('routedByPrefix (every feature router behind one layer, each entered only for paths it could match)', () => {
  let close = () => {};
  afterEach(() => close());

  async function serve(routers: Router[]) {
    const app = express();
    app.use(routedByPrefix(routers));
    app.use((req, res) => void res.status(404).send('not found'));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(error.message));
    const served = await serveOnLoopback(app);
    close = served.close;
    return served.get;
  }

  const entering = (name: string, entered: string[], router: Router) => {
    const spy = ((req, res, next) => {
      entered.push(`${name} ${req.path}`);
      router(req, res, next);
    }) as Router;
    spy.stack = router.stack;
    return spy;
  };

  it('keeps the routers’ order where two could answer, enters none that could not, and passes errors on', async () => {
    const entered: string[] = [];
    const compare = Router();
    compare.get('/api/students/compare', (_req, res) => void res.send('compare'));
    const students = Router();
    students.get('/api/students/:id', (req, res) => void res.send(`student ${req.params.id}`));
    students.get('/api/students/:id/fails', () => {
      throw new Error('it failed');
    });
    const plans = Router();
    plans.get('/api/plans/:id', (req, res) => void res.send(`plan ${req.params.id}`));
    const get = await serve([entering('compare', entered, compare), entering('students', entered, students), entering('plans', entered, plans)]);

    expect(await get('/api/students/compare')).toBe('200 compare');
    expect(await get('/api/students/s1')).toBe('200 student s1');
    expect(await get('/api/plans/p1')).toBe('200 plan p1');
    expect(await get('/api/students/s1/fails')).toBe('500 it failed');
    expect(await get('/api/nothing')).toBe('404 not found');
    expect(entered).toEqual([
      'compare /api/students/compare',
      'compare /api/students/s1',
      'students /api/students/s1',
      'plans /api/plans/p1',
      'compare /api/students/s1/fails',
      'students /api/students/s1/fails',
    ]);
  });

  it('enters a router whose paths cannot be told for every request, in its place in the order', async () => {
    const entered: string[] = [];
    const anything = Router();
    anything.use((req, res, next) => (req.path === '/special' ? void res.send('middleware') : next()));
    const students = Router();
    students.get('/api/students', (_req, res) => void res.send('students'));
    const get = await serve([entering('anything', entered, anything), entering('students', entered, students)]);

    expect(await get('/special')).toBe('200 middleware');
    expect(await get('/api/students')).toBe('200 students');
    expect(entered).toEqual(['anything /special', 'anything /api/students', 'students /api/students']);
  });

  it('enters, for the list itself ("/api/students"), only the routers with a route for it or one that could be', async () => {
    const entered: string[] = [];
    const accessLog = Router();
    accessLog.get('/api/students/:id/access-log', (_req, res) => void res.send('access log'));
    const students = Router();
    students.get('/api/students', (_req, res) => void res.send('list'));
    students.get('/api/students/:id', (req, res) => void res.send(`student ${req.params.id}`));
    const files = Router();
    files.get('/api/students/*rest', (_req, res) => void res.send('files'));
    const get = await serve([entering('accessLog', entered, accessLog), entering('files', entered, files), entering('students', entered, students)]);

    const answers = [];
    for (const path of ['/api/students', '/API/Students/', '/api/students/s1/access-log', '/api/students/s1']) answers.push(await get(path));
    expect(answers).toEqual(['200 list', '200 list', '200 access log', '200 files']);
    expect(entered).toEqual([
      'files /api/students',
      'students /api/students',
      'files /API/Students/',
      'students /API/Students/',
      'accessLog /api/students/s1/access-log',
      'accessLog /api/students/s1',
      'files /api/students/s1',
    ]);
  });
});
