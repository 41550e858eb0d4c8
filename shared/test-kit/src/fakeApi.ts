// The network boundary of the browser-side tests: a fake `fetch` that answers like the services (envelopes and
// statuses) and records every request. Everything above it (api client, sagas, store, pages) is real.
import type { ErrorEnvelope, OkEnvelope, OkListEnvelope } from '@pharmacy/contracts';

/** One request as the page sent it. */
export interface ApiCall {
  method: string;
  /** The URL as given to fetch (the api client sends same-origin paths, with the query when there is one). */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** JSON bodies parsed; anything else (FormData) as sent. */
  body: unknown;
  init: RequestInit;
}

/** What the fake server answers: a status (200 when left out) and a JSON body, or raw text. */
export interface FakeReply<B = unknown> {
  status?: number;
  body?: B;
  text?: string;
  headers?: Record<string, string>;
}

/** A reply, or a function of the call; a thrown error or rejected promise fails the fetch itself (offline). */
export type Responder = FakeReply | ((call: ApiCall) => FakeReply | Promise<FakeReply>);

/** Any status and body, e.g. an auth answer that carries `user` beside `data`. */
export const reply = <B = undefined>(status: number, body?: B): FakeReply<B> => ({ status, body });

export const ok = <T>(data: T, message?: string): FakeReply<OkEnvelope<T>> => ({
  status: 200,
  body: { success: true, data, ...(message === undefined ? {} : { message }) },
});

/** A list call's answer: the array as `data`, its paging or summary figures beside it. */
export const okList = <T, F extends object = object>(items: T[], figures: F = {} as F): FakeReply<OkListEnvelope<T, F>> => ({
  status: 200,
  body: { success: true, data: items, ...figures },
});

export const fail = (status: number, message: string, code = 'ERROR'): FakeReply<ErrorEnvelope> => ({
  status,
  body: { success: false, message, code },
});

/** The browser's failure when the network is down: fetch rejects with a TypeError. */
export const networkError = (): never => {
  throw new TypeError('Failed to fetch');
};

/** A request the server never answers (the page stays pending). */
export const noAnswer = (): Promise<FakeReply> => new Promise(() => undefined);

/** Lets pending promise chains (fetch, parse, saga put) run to their end. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise resolved by hand, to hold a response back while the test acts. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const aborted = () => new DOMException('The operation was aborted.', 'AbortError');

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

function response(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, has: (name: string) => headers.has(name.toLowerCase()) },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/**
 * Installs a fake `fetch` on the global object (where the api client looks at call time) and returns it.
 * Calls are answered by the routes registered with `on` (method + exact path or pattern; the latest
 * registration wins, so a test can override a default), then by `fallback`, else with a 404 envelope naming
 * the call. An aborted request rejects with an AbortError like the browser's.
 */
export function fakeApi(fallback?: Responder) {
  const routes: Array<{ method: string; path: string | RegExp; responder: Responder }> = [];
  const calls: ApiCall[] = [];

  function on(method: string, path: string | RegExp, responder: Responder) {
    routes.unshift({ method: method.toUpperCase(), path, responder });
    return api;
  }

  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal;
    if (signal?.aborted) throw aborted();
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      init,
    };
    calls.push(call);
    const route = routes.find((r) => r.method === call.method && matches(r.path, call.path));
    const responder = route?.responder ?? fallback ?? fail(404, `No fake route for ${call.method} ${call.path}`, 'NOT_FOUND');
    const answer = Promise.resolve().then(() => (typeof responder === 'function' ? responder(call) : responder));
    const abortedMeanwhile = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(aborted())));
    return response(await Promise.race([answer, abortedMeanwhile]));
  });

  const callsTo = (method: string, path: string | RegExp) =>
    calls.filter((c) => c.method === method.toUpperCase() && matches(path, c.path));

  (globalThis as { fetch?: unknown }).fetch = fetch;
  const api = { on, fetch, calls, callsTo };
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;
