import { act, render, screen, within } from '@testing-library/react';
import { Toaster } from '../src/toast/Toaster';

// The host's idle prefetch loads the toasts' view before the first toast (host-shell/src/idlePrefetch.ts): a Toaster
// already on the page then draws its empty viewport, so the first toast only adds itself. This file's modules are
// its own: the view starts unloaded.
const region = () => screen.getByRole('region', { name: /^Notification/ });

it('a view loaded ahead draws its empty viewport at once, before any toast', async () => {
  render(<Toaster />);
  expect(region().querySelector('ol')).toBeNull();
  await act(() => Toaster.preload());
  expect(region().querySelector('ol')).not.toBeNull();
  expect(within(region()).queryAllByRole('listitem')).toHaveLength(0);
});
