import { act, render, screen, within } from '@testing-library/react';
import { Toaster } from '../src/toast/Toaster';
import { resetToasts, toast } from '../src/toast/store';

// What a page that never shows a toast must not load: the toasts' view (Radix Toast, styles, animations, buttons)
// comes with the first toast. This file's modules are its own (jest), so the view starts unloaded; ToastView's real code runs and
// is only observed, to see when it loads, and made to fail once as a chunk does when the phone is offline.
let mockLoads = 0;
let mockOffline = false;
jest.mock('../src/toast/ToastView', () => {
  mockLoads++;
  if (mockOffline) throw new Error('ChunkLoadError: offline');
  return jest.requireActual('../src/toast/ToastView');
});

const region = () => screen.getByRole('region', { name: /^Notification/ });
const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));

afterEach(() => act(() => resetToasts()));

describe('<Toaster /> before and at the first toast', () => {
  it('shows the region from the start and loads nothing more until a toast is raised', async () => {
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-label', 'Notification (F8)');
    await settle();
    expect(mockLoads).toBe(0);
  });

  it('a view that fails to load (offline) is loaded again with the next toast, which then shows', async () => {
    render(<Toaster />);
    mockOffline = true;
    act(() => {
      toast({ title: 'First' });
    });
    await settle();
    expect(mockLoads).toBe(1);
    expect(within(region()).queryByText('First')).toBeNull();
    mockOffline = false;
    act(() => {
      toast({ title: 'Second' });
    });
    expect(await within(region()).findByText('Second')).toBeInTheDocument();
    expect(mockLoads).toBe(2);
  });

  it('the toast appears in the region that was there before it, and later toasts are drawn at once', async () => {
    render(<Toaster />);
    const before = region();
    act(() => {
      toast({ title: 'Added to cart', description: 'Vitamin C 500 mg' });
    });
    // a screen reader's landmark does not move: the same element, not one swapped in by the view
    expect(within(before).getByText('Added to cart')).toBeInTheDocument();
    expect(region()).toBe(before);
    // one landmark: Radix's viewport inside it is left unnamed
    expect(screen.getAllByRole('region', { name: /Notification/ })).toHaveLength(1);
    expect(mockLoads).toBe(2);
  });

});
