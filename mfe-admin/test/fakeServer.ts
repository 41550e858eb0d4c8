// The network boundary of the component tests: a fake `fetch` that answers like the services (envelopes,
// statuses) and records every request. Everything above it (api client, sagas, store, UI) is real.

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Responder = FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

export const ok = <T>(data: T, message?: string): FakeReply => ({ status: 200, body: { success: true, data, ...(message ? { message } : {}) } });
/** A list call's answer: the array as `data`, its paging figures beside it. */
export const okList = <T>(items: T[], figures: object = {}): FakeReply => ({ status: 200, body: { success: true, data: items, ...figures } });
export const fail = (status: number, message: string, code = 'ERROR'): FakeReply => ({ status, body: { success: false, message, code } });

/** A promise resolved by hand, to hold a response back while the test acts. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function fakeResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
}

export function createFakeServer() {
  const routes: Array<{ method: string; path: string | RegExp; responder: Responder }> = [];
  const requests: FakeRequest[] = [];

  /** Later registrations win, so a test can override a default answer. */
  function on(method: string, path: string | RegExp, responder: Responder) {
    routes.unshift({ method, path, responder });
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const req: FakeRequest = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    requests.push(req);
    const route = routes.find((r) => r.method === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)));
    const signal = init.signal;
    const reply = route
      ? await (typeof route.responder === 'function' ? route.responder(req) : route.responder)
      : fail(404, `No fake route for ${method} ${url.pathname}`, 'NOT_FOUND');
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return fakeResponse(reply.status ?? 200, reply.body);
  };

  const requestsTo = (method: string, path: string | RegExp) =>
    requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

  return { on, fetch, requests, requestsTo };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
