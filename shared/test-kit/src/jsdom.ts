/**
 * A data router (createMemoryRouter, as the host uses) builds a Request per navigation; jest's jsdom lacks the
 * fetch classes. The router reads only url, method, headers and signal, so a small stand-in is enough.
 */
export function provideRouterRequest() {
  if (typeof globalThis.Request !== 'undefined') return;
  class RequestStandIn {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers = new Map<string, string>();
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.defineProperty(globalThis, 'Request', { value: RequestStandIn, writable: true, configurable: true });
}

/**
 * jsdom has no matchMedia; this one answers min-width/max-width queries for the given viewport width, so
 * small-screen layouts run as they would in a browser of that size.
 */
export function setViewportWidth(width: number) {
  const evaluate = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
      const min = /min-width:\s*(\d+)px/.exec(part);
      const max = /max-width:\s*(\d+)px/.exec(part);
      if (min) return width >= Number(min[1]);
      if (max) return width <= Number(max[1]);
      return true;
    });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: evaluate(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
