// The toast slot as the first page load carries it: the "Notification (F8)" landmark, present from the first
// paint so the region a screen reader (or a test) finds is the one the toasts appear in. Everything that draws
// toasts (ToastView.tsx: Radix Toast, the viewport, styles, animations, buttons; ~13 KB gzip) loads with the first one.
import type { ToastActionProps as RadixToastActionProps } from '@radix-ui/react-toast';
import { useEffect, useReducer } from 'react';
import { useToast } from './store';

/** docs/product.md#interface-constants: swipe right past 50 px dismisses; F8 focuses the region; its label is "Notification". */
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_REGION_LABEL = 'Notification';
/** docs/product.md#interface-constants: the viewport's maximum width from the md breakpoint up. */
export const TOAST_VIEWPORT_MAX_WIDTH = 420;

/**
 * Where the toasts are drawn. `bar`: inside a layout's header bar, over a ToastSlot (ToastSlot.tsx) whose own content
 * steps aside while a toast is shown: the bar holds no page content at any scroll position, so a toast there never sits
 * over a control of the page (docs/product.md#toasts). `floating`: fixed over the page (a frame without such a bar).
 */
export type ToastPlacement = 'bar' | 'floating';

/** On each drawn toast: a ToastSlot hides its other content while one is there. */
export const TOAST_DRAWN_ATTR = 'data-toast';
/** On the Toaster's landmark: the one child of a ToastSlot that stays. */
export const TOAST_REGION_ATTR = 'data-toast-region';

export interface ToastActionProps extends RadixToastActionProps {
  /** Required by Radix: tells a screen-reader user how to do the same without the button. */
  altText: string;
}

type ToastView = typeof import('./ToastView');
let view: ToastView | undefined;
let loading: Promise<ToastView> | undefined;
/** Mounted Toasters, told when the view has loaded (a preload): each draws its empty viewport at once. */
const viewListeners = new Set<() => void>();

/**
 * Loads the toasts' view once (a chunk of whichever app bundles @pharmacy/ui); a failed load (offline) is tried
 * again with the next toast. Exported so a test can load it before asserting on what is drawn synchronously.
 */
export function loadToastView(): Promise<ToastView> {
  loading ??= import('./ToastView').then(
    (m) => {
      view = m;
      viewListeners.forEach((listener) => listener());
      return m;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The optional action button of a toast: `toast({ title, action: <ToastAction altText="Undo" onClick={...}>Undo</ToastAction> })`.
 * It is drawn only inside a toast, so by then the view is loaded.
 */
export function ToastAction(props: ToastActionProps) {
  return view ? <view.ToastActionView {...props} /> : null;
}

/**
 * The app's toast region: rendered once by each frame of the host shell (the shop's header bar, the admin's frame).
 * `Toaster.preload()` loads the toasts' view now (the host does it when the browser is idle after start-up).
 */
export function Toaster({ placement = 'floating' }: { placement?: ToastPlacement }) {
  const { toasts } = useToast();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  // Loaded ahead (the host's idle prefetch): the viewport is drawn now, empty, so the first toast only adds itself.
  useEffect(() => {
    viewListeners.add(loaded);
    return () => {
      viewListeners.delete(loaded);
    };
  }, []);
  const needed = toasts.length > 0 && !view;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadToastView().then(
      () => live && loaded(),
      // Nothing to draw them with (offline): the toasts stay in the store, and the next change to them tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, toasts]);
  return (
    // The landmark is ours, not Radix's viewport (left unnamed inside it), so it is there before Radix loads and
    // stays the same element when the toasts arrive.
    <section aria-label={`${TOAST_REGION_LABEL} (${TOAST_HOTKEY.join('+')})`} {...{ [TOAST_REGION_ATTR]: placement }}>
      {view && <view.ToastRegion toasts={toasts} placement={placement} />}
    </section>
  );
}

// On the component, so a test harness can load the view without another name in @pharmacy/ui's entry.
Toaster.preload = loadToastView;
