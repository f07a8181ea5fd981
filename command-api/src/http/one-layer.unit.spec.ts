import express, { type RequestHandler } from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { oneLayer, under } from './one-layer.ts';
import { serveOnLoopback } from '../testing/serve-on-loopback.ts';

describe('oneLayer: the middlewares every request passes, as one layer of the app', () => {
  /** The layer, then a 404 naming the marks it left, and an error handler. */
  async function serve(handlers: RequestHandler[]) {
    const served = await serveOnLoopback(
      express()
        .use(oneLayer(handlers))
        .use((_req, res) => void res.status(404).send(`not found ${String(res.getHeader('x-seen') ?? '')}`))
        .use(((error, _req, res, _next) => void res.status(500).send(`failed: ${error instanceof Error ? error.message : String(error)}`)) as express.ErrorRequestHandler),
    );
    onTestFinished(served.close);
    return served.get;
  }

  const mark =
    (name: string): RequestHandler =>
    (_req, res, next) => {
      res.setHeader('x-seen', `${String(res.getHeader('x-seen') ?? '')}${name}`);
      next();
    };

  it('runs them in order, then goes on to the rest of the app', async () => {
    const get = await serve([mark('a'), mark('b'), under('/api', mark('c'))]);
    expect(await get('/api/students')).toBe('404 not found abc');
    expect(await get('/API')).toBe('404 not found abc');
    expect(await get('/apis')).toBe('404 not found ab');
    expect(await get('/')).toBe('404 not found ab');
  });

  it('stops at an answer, and takes an error, a throw or a rejection to the error handler', async () => {
    const get = await serve([
      mark('a'),
      (req, res, next) => (req.path === '/answered' ? void res.send('answered') : next()),
      (req, _res, next) => (req.path === '/error' ? next(new Error('passed on')) : next()),
      (req, _res, next) => {
        if (req.path === '/thrown') throw new Error('thrown');
        next();
      },
      async (req, _res, next) => {
        if (req.path === '/rejected') throw new Error('rejected');
        next();
      },
      (_req, _res, next) => next('route'),
      mark('z'),
    ]);
    expect(await get('/answered')).toBe('200 answered');
    expect(await get('/error')).toBe('500 failed: passed on');
    expect(await get('/thrown')).toBe('500 failed: thrown');
    expect(await get('/rejected')).toBe('500 failed: rejected');
    expect(await get('/other')).toBe('404 not found az');
  });
});
