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
 * The CSS variable a layout sets to the height of its sticky header, so toasts on phones appear just under it
 * (unset: at the very top).
 */
export const TOAST_TOP_OFFSET_VAR = '--pharmacy-toast-top';

export interface ToastActionProps extends RadixToastActionProps {
  /** Required by Radix: tells a screen-reader user how to do the same without the button. */
  altText: string;
}

type ToastView = typeof import('./ToastView');
let view: ToastView | undefined;
let loading: Promise<ToastView> | undefined;

/**
 * Loads the toasts' view once (a chunk of whichever app bundles @pharmacy/ui); a failed load (offline) is tried
 * again with the next toast. Exported so a test can load it before asserting on what is drawn synchronously.
 */
export function loadToastView(): Promise<ToastView> {
  loading ??= import('./ToastView').then(
    (m) => (view = m),
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

/** The app's single toast slot; rendered once by the host shell. `Toaster.preload()` loads the toasts' view now. */
export function Toaster() {
  const { toasts } = useToast();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
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
    <section aria-label={`${TOAST_REGION_LABEL} (${TOAST_HOTKEY.join('+')})`}>{view && <view.ToastRegion toasts={toasts} />}</section>
  );
}

// On the component, so a test harness can load the view without another name in @pharmacy/ui's entry.
Toaster.preload = loadToastView;
