import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { ApiRequestError } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('query client (spec section 7)', () => {
  it('GETs the query key as the URL path, sending cookies', async () => {
    const fetchMock = stubFetch(200, [{ id: 'a1' }]);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: queryKeys.studentDocuments('s1') })).resolves.toEqual([{ id: 'a1' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/students/s1/documents');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
  });

  it('does not retry a failed load, and the error reads "<status>: <body>"', async () => {
    const fetchMock = stubFetch(500, { message: 'boom' });
    const client = createQueryClient();
    const failure = client.fetchQuery({ queryKey: queryKeys.students() });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toThrow('500: {"message":"boom"}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never treats loaded data as stale, so screens do not refetch on their own', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(Infinity);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.retry).toBe(false);
  });
});
