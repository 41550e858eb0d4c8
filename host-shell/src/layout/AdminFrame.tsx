import { Toaster } from '@pharmacy/ui';
import { MainOutlet } from './MainOutlet';
import { PageScroll } from './PageScroll';

/**
 * /admin is its own screen: the whole width for the admin remote's layout (its sidebar, its top bar with the way
 * back to the shop), and none of the shop's header, footer or floating buttons, which are for shoppers. The one
 * <main> holds the remote's whole layout, as it did inside the shop's layout.
 */
export function AdminFrame() {
  return (
    <>
      <MainOutlet />
      <PageScroll />
      {/* the admin remote's top bar is its own: staff's toasts float (docs/product.md#toasts) */}
      <Toaster />
    </>
  );
}
