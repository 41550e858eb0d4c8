import type { DocumentHead, RemoteModuleId } from '@pharmacy/contracts';

export interface RenderedPage {
  status: number;
  head: DocumentHead;
  styles: string;
  html: string;
  data: Record<string, unknown>;
  /** The page's route pattern as the browser's reports name it (absent from a host built before it said). */
  page?: string;
}

/** The host's server build (host-shell/src/server): the gateway knows it only by this shape, loaded at run time. */
export interface HostRenderer {
  renderPage(request: {
    url: string;
    origin: string;
    remote: (id: RemoteModuleId) => unknown;
    onSlotError?: (error: unknown) => void;
  }): Promise<RenderedPage>;
  configureServerApi(fetchImpl: typeof fetch): void;
  sharedModules: Readonly<Record<string, unknown>>;
}

/** A remote's server build: its exposed modules by name ('./ProductDetails' → { default: component }). */
export type RemoteServerModules = Record<string, { default?: unknown } | undefined>;
