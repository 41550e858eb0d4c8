// jsdom does not implement scrolling; ScrollRestoration and the scroll-to-top button call it.
Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true });

// The data router builds a Request per navigation; jest's jsdom environment lacks the fetch classes. The router
// reads only url, method, headers and signal, so a small stand-in is enough here.
if (typeof globalThis.Request === 'undefined') {
  class RequestStandIn {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Map<string, string>;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Map();
    }
  }
  Object.defineProperty(globalThis, 'Request', { value: RequestStandIn, writable: true });
}

export {};
