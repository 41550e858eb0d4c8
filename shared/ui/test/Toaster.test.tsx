import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { loadToastView, Toaster, ToastAction } from '../src/toast/Toaster';
import { ToastSlot } from '../src/toast/ToastSlot';
import { getToastState, resetToasts, toast, TOAST_DEFAULT_DURATION } from '../src/toast/store';

// jsdom has neither PointerEvent (fireEvent.pointer* would drop clientX) nor pointer capture, which Radix's
// swipe handling uses. These are environment polyfills; Radix's real swipe code runs on the real events.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.assign(window, { PointerEvent: PointerEventPolyfill });
  }
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.setPointerCapture ??= function setPointerCapture() {};
  proto.releasePointerCapture ??= function releasePointerCapture() {};
  proto.hasPointerCapture ??= function hasPointerCapture() {
    return false;
  };
});

// The toasts' view is loaded with the first toast (Toaster-lazy.test.tsx); loaded here first, these tests assert on
// what is drawn synchronously, under fake timers.
beforeAll(() => loadToastView());

beforeEach(() => {
  jest.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  act(() => resetToasts());
  jest.useRealTimers();
});

const region = () => screen.getByRole('region', { name: /^Notification/ });
const toastItem = (text: string) => within(region()).getByText(text).closest('li') as HTMLLIElement;

function raise(input: Parameters<typeof toast>[0]) {
  let handle!: ReturnType<typeof toast>;
  act(() => {
    handle = toast(input);
  });
  return handle;
}

describe('<Toaster />', () => {
  it('renders a region labelled "Notification" that names the F8 hotkey', () => {
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-label', 'Notification (F8)');
  });

  it('floating (no header bar): on phones a full-width strip at the top, letting taps through around the toast', () => {
    render(<Toaster />);
    raise({ title: 'Added to cart' });
    const viewport = region().querySelector('ol') as HTMLOListElement;
    const style = getComputedStyle(viewport);
    expect([style.position, style.top, style.left, style.right, style.width]).toEqual(['fixed', '0px', '0px', '0px', '100%']);
    expect(style.bottom).toBe('');
    // the strip lets the page under it be used; only the toast itself takes taps (its Close and action buttons)
    expect(style.pointerEvents).toBe('none');
    expect(getComputedStyle(toastItem('Added to cart')).pointerEvents).toBe('auto');
  });

  it('floating, from the md breakpoint (768 px) up the viewport is bottom-right and at most 420 px wide', () => {
    render(<Toaster />);
    const viewport = region().querySelector('ol') as HTMLOListElement;
    const css = Array.from(document.querySelectorAll('style'), (el) => el.textContent).join('').replace(/\s+/g, '');
    const classes = Array.from(viewport.classList);
    const rule = /@media\(min-width:768px\)\{\.([\w-]+)\{top:auto;bottom:0;left:auto;max-width:420px;padding:1rem;\}\}/.exec(css);
    expect(rule && classes).toContain(rule?.[1]);
  });

  it('in a bar: over its ToastSlot (not fixed over the page), at most 420 px wide from md up, and the slot marks what steps aside', () => {
    render(
      <ToastSlot data-testid="slot">
        <a href="/">Pharmacy &amp; Care</a>
        <Toaster placement="bar" />
      </ToastSlot>,
    );
    raise({ title: 'Added to your cart', description: 'Vitamin C 500 mg' });
    const viewport = region().querySelector('ol') as HTMLOListElement;
    const style = getComputedStyle(viewport);
    expect([style.position, style.left, style.right]).toEqual(['absolute', '0px', '0px']);
    expect(getComputedStyle(screen.getByTestId('slot')).position).toBe('relative');
    const css = Array.from(document.querySelectorAll('style'), (el) => el.textContent).join('').replace(/\s+/g, '');
    const classes = Array.from(viewport.classList);
    const wide = /@media\(min-width:768px\)\{\.([\w-]+)\{max-width:420px;\}\}/.exec(css);
    expect(wide && classes).toContain(wide?.[1]);
    // the slot hides its other content (the logo) while a drawn toast is inside it, and keeps its box
    const slotClasses = Array.from(screen.getByTestId('slot').classList);
    const aside = /\.([\w-]+):has\(\[data-toast\]\)>:not\(\[data-toast-region\]\)\{visibility:hidden;\}/.exec(css);
    expect(aside && slotClasses).toContain(aside?.[1]);
    expect(toastItem('Added to your cart')).toHaveAttribute('data-toast');
  });

  it('F8 moves focus to the toast viewport', () => {
    render(<Toaster />);
    raise({ title: 'Added to cart' });
    const viewport = region().querySelector('ol') as HTMLOListElement;
    expect(viewport).not.toHaveFocus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(viewport).toHaveFocus();
  });

  it('shows title and description, and only one toast at a time', () => {
    render(<Toaster />);
    raise({ title: 'First' });
    raise({ title: 'Second', description: 'Replaces the first' });
    expect(within(region()).queryByText('First')).not.toBeInTheDocument();
    expect(within(region()).getByText('Second')).toBeInTheDocument();
    expect(within(region()).getByText('Replaces the first')).toBeInTheDocument();
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('announces "Notification <text>" to screen readers and removes the announcement after 1 second', () => {
    render(<Toaster />);
    raise({ title: 'Order placed' });
    act(() => {
      jest.advanceTimersByTime(50); // Radix renders the announcement text on the next animation frame
    });
    const announcement = () => screen.queryAllByRole('status').find((el) => el.textContent?.startsWith('Notification'));
    expect(announcement()?.textContent).toBe('Notification Order placed');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(announcement()).toBeUndefined();
  });

  it('closes by itself after the default 5000 ms', () => {
    render(<Toaster />);
    const handle = raise({ title: 'Saved' });
    act(() => {
      jest.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1);
    });
    expect(getToastState().toasts[0]).toMatchObject({ id: handle.id, open: true });
    expect(within(region()).getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(getToastState().toasts[0]).toMatchObject({ id: handle.id, open: false });
    expect(within(region()).queryByText('Saved')).not.toBeInTheDocument();
  });

  it('respects a per-toast duration', () => {
    render(<Toaster />);
    raise({ title: 'Quick', duration: 1000 });
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(getToastState().toasts[0].open).toBe(false);
  });

  it('a swipe to the right past 50 px dismisses the toast', () => {
    render(<Toaster />);
    const handle = raise({ title: 'Swipe me' });
    const li = toastItem('Swipe me');
    expect(li).toHaveAttribute('data-swipe-direction', 'right');
    fireEvent.pointerDown(li, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(li, { clientX: 130, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(li, { clientX: 151, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(li, { clientX: 151, clientY: 10, pointerId: 1 });
    expect(getToastState().toasts[0]).toMatchObject({ id: handle.id, open: false });
  });

  it('a swipe shorter than 50 px, or to the left, does not dismiss', () => {
    render(<Toaster />);
    raise({ title: 'Stay' });
    const li = toastItem('Stay');
    fireEvent.pointerDown(li, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(li, { clientX: 149, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(li, { clientX: 149, clientY: 10, pointerId: 1 });
    expect(li).toHaveAttribute('data-swipe', 'cancel');
    fireEvent.pointerDown(li, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(li, { clientX: 20, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(li, { clientX: 20, clientY: 10, pointerId: 1 });
    expect(getToastState().toasts[0].open).toBe(true);
  });

  it('marks the destructive variant', () => {
    render(<Toaster />);
    raise({ title: 'Payment failed', variant: 'destructive' });
    expect(toastItem('Payment failed')).toHaveAttribute('data-variant', 'destructive');
    expect(getComputedStyle(toastItem('Payment failed')).backgroundColor).toBe('rgb(185, 28, 28)'); // danger red
    raise({ title: 'Fine' });
    expect(toastItem('Fine')).toHaveAttribute('data-variant', 'default');
  });

  it('renders an action element; clicking it runs it and closes the toast', () => {
    const undo = jest.fn();
    render(<Toaster />);
    raise({
      title: 'Removed from cart',
      action: (
        <ToastAction altText="Undo the removal from your cart" onClick={undo}>
          Undo
        </ToastAction>
      ),
    });
    fireEvent.click(within(region()).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(getToastState().toasts[0].open).toBe(false);
  });

  it('renders an action descriptor (for sagas) as a button', () => {
    const retry = jest.fn();
    render(<Toaster />);
    raise({ title: 'Could not save', action: { label: 'Retry', onClick: retry } });
    fireEvent.click(within(region()).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('the close button dismisses the toast', () => {
    render(<Toaster />);
    raise({ title: 'Closable' });
    fireEvent.click(within(region()).getByRole('button', { name: 'Close' }));
    expect(getToastState().toasts[0].open).toBe(false);
  });
});
