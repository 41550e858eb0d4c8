/**
 * A fake of the browser's fetch (the client's boundary): records every call and answers from a handler.
 * jsdom has no Response, so the answer is the small part of Response the client reads.
 */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
}

export type Handler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export function reply(status: number, body?: unknown): FakeReply {
  return { status, body };
}

export function installFakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchFake = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      init,
    };
    calls.push(call);
    const aborted = new Promise<never>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
    const answer = await Promise.race([Promise.resolve(handler(call)), aborted]);
    const status = answer.status ?? 200;
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fetchFake;
  return { calls, fetch: fetchFake };
}

export function uninstallFakeFetch() {
  delete (globalThis as { fetch?: unknown }).fetch;
}

/** Lets pending promise chains (fetch -> parse -> saga put) run to the end. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
