import { PageSpinner } from '@pharmacy/ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A host-owned page loaded on demand, so the home page's first load stays small (docs/architecture.md#budgets). A
 * load that fails (the connection dropped: ChunkLoadError) is not kept: the page frame shows the failure with Retry,
 * and the next render, a retry or a later visit, asks for the chunk again (webpack requests a failed chunk anew).
 */
export function hostPage(load: () => Promise<{ default: ComponentType }>) {
  let current: LazyExoticComponent<ComponentType> | null = null;
  const fresh = () => {
    const Page = lazy(() =>
      load().catch((error: unknown) => {
        if (current === Page) current = null;
        throw error;
      }),
    );
    current = Page;
    return Page;
  };
  function HostPage() {
    const Page = current ?? fresh();
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  }
  return <HostPage />;
}
