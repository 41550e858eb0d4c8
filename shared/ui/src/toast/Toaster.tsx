// The toast slot as the first page load carries it: the Radix provider and the region (landmark, F8 hotkey, its
// place on the screen), present from the start so the region a screen reader or a test finds is the one the
// toasts appear in. What draws a toast (ToastView.tsx: styles, animations, buttons) is loaded with the first one.
import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useReducer } from 'react';
import styled from 'styled-components';
import { media, th } from '../theme';
import { TOAST_DEFAULT_DURATION, useToast } from './store';

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

/**
 * Phones: a compact strip at the top, under the header, where it does not cover the page's main action (Add to
 * cart, Sign in to check out, Place order: at the thumb, lower down). From md up: bottom right, as wide as
 * TOAST_VIEWPORT_MAX_WIDTH. The region itself lets every tap through; only the toast takes pointer events.
 */
const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  top: var(${TOAST_TOP_OFFSET_VAR}, 0px);
  left: 0;
  right: 0;
  z-index: ${th((t) => t.zIndices.toast)};
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: 100%;
  max-height: 100vh;
  margin: 0;
  padding: 0.5rem;
  list-style: none;
  outline: none;
  pointer-events: none;
  & > li {
    pointer-events: auto;
  }
  ${media.md} {
    top: auto;
    bottom: 0;
    left: auto;
    max-width: ${TOAST_VIEWPORT_MAX_WIDTH}px;
    padding: 1rem;
  }
`;

export interface ToastActionProps extends RadixToast.ToastActionProps {
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

/** The app's single toast slot; rendered once by the host shell. */
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
    <RadixToast.Provider
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      duration={TOAST_DEFAULT_DURATION}
      label={TOAST_REGION_LABEL}
    >
      {view && <view.ToastItems toasts={toasts} />}
      <Viewport hotkey={TOAST_HOTKEY} label={`${TOAST_REGION_LABEL} ({hotkey})`} />
    </RadixToast.Provider>
  );
}
