import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

/** Toasts shown at once (docs/product.md#interface-constants). */
export const TOAST_LIMIT = 1;
/** docs/product.md#interface-constants: a dismissed toast is removed from state after this delay (its exit animation has long finished). */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** docs/product.md#interface-constants: default display duration (the Toaster passes it to Radix, which closes the toast). */
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

/** A plain action description, handy from sagas and other non-JSX code. */
export interface ToastActionDescriptor {
  label: string;
  onClick: () => void;
  /** What a screen-reader user is told to do instead (Radix requires it); defaults to the label. */
  altText?: string;
}

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  /** A `<ToastAction altText="...">` element or a `{ label, onClick }` descriptor. */
  action?: ReactElement | ToastActionDescriptor;
  variant?: ToastVariant;
  /** ms before it closes itself; defaults to the Toaster's 5000. */
  duration?: number;
}

/** A toast (docs/product.md#toasts): id, title, description, optional action, open flag, variant. */
export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface ToastState {
  toasts: ToasterToast[];
}

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** Pure: the removal timer is scheduled by `dispatch` below, so the reducer can be tested on its own. */
export function reducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      // Newest first, then cut to the limit: with a limit of 1 the new toast replaces the old one.
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { ...state, toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t)),
      };
    case 'REMOVE_TOAST':
      return { ...state, toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

// Module-level on purpose: @pharmacy/ui is a federation singleton, so a toast raised in any remote lands in
// the host's one Toaster.
let memoryState: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${count}`;
}

function scheduleRemoval(toastId: string) {
  if (removeTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimers.set(toastId, timer);
}

export function dispatch(action: ToastStoreAction): void {
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener());
}

export function getToastState(): ToastState {
  return memoryState;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Clears every toast and pending timer; for tests that need a fresh store. */
export function resetToasts(): void {
  removeTimers.forEach((timer) => clearTimeout(timer));
  removeTimers.clear();
  memoryState = { toasts: [] };
  listeners.forEach((listener) => listener());
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: Partial<ToastInput>) => void;
}

/** Raise a toast from anywhere (components, sagas, other remotes). It replaces the toast on screen. */
export function toast(input: ToastInput): ToastHandle {
  const id = genId();
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  const update = (props: Partial<ToastInput>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...props, id } });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/** Dismiss one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export function useToast() {
  const state = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
