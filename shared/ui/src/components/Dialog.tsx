// A modal dialog whose code (Radix Dialog, its styles: DialogView.tsx) loads the first time one opens: this file
// is what a page carries until then, the open state and the trigger. The trigger is the caller's element, given
// the attributes Radix's Trigger would give it, and stays the same element when the view arrives, so focus and a
// screen reader's place are not lost; focus goes back to it on close.
import type { DialogCloseProps } from '@radix-ui/react-dialog';
import {
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';

export interface DialogProps {
  /** Controlled open state; leave undefined with `trigger` for an uncontrolled dialog. */
  open?: boolean;
  defaultOpen?: boolean;
  /** Called with false on Escape, overlay click or the close button (clear loaded details here). */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (it gets the trigger's aria attributes and click handling). */
  trigger?: ReactNode;
  title: ReactNode;
  /** Subtitle, linked as the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  /** `sheet`: from the bottom of a phone, at the right edge from md up (a listing's filters); default centred. */
  placement?: 'centre' | 'sheet';
  /**
   * Where focus goes when it opens: `field` (the default) its first field or button, for a dialog that asks for
   * something; `title` its title, scrolled to the top, for one that is read first (an order a pharmacist reviews).
   */
  initialFocus?: 'field' | 'title';
}

type View = typeof import('./DialogView');
let view: View | undefined;
let loading: Promise<View> | undefined;

/**
 * Loads the dialog's view once (a chunk of the app that bundles this entry); a failed load (offline) is tried
 * again at the next open. Also started when a pointer or focus reaches a trigger, so the chunk is usually there by
 * the click. Exported so a test can load it before asserting on what is drawn synchronously.
 */
export function loadDialogView(): Promise<View> {
  loading ??= import('./DialogView').then(
    (m) => (view = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const preload = () => {
  loadDialogView().catch(() => undefined);
};

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  type?: string;
  onClick?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
};

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** Chains the caller's handler before ours, which is skipped when theirs called preventDefault (as Radix does). */
function compose(theirs: ((event: SyntheticEvent) => void) | undefined, ours: (event: SyntheticEvent) => void) {
  return (event: SyntheticEvent) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/** A modal dialog (Radix, once loaded: focus trap, Escape, scroll lock, aria-labelledby/-describedby). */
export function Dialog({ open, defaultOpen = false, onOpenChange, trigger, ...rest }: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const isOpen = open ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [open, onOpenChange],
  );
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const latestSetOpen = useRef(setOpen);
  latestSetOpen.current = setOpen;
  useEffect(() => {
    if (!isOpen || view) return;
    let live = true;
    loadDialogView().then(
      () => live && loaded(),
      // Offline: nothing could open, so it is closed again (onOpenChange(false)); the next click tries again.
      () => live && latestSetOpen.current(false),
    );
    return () => {
      live = false;
    };
  }, [isOpen]);

  const contentId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const ownTrigger = isValidElement<TriggerProps>(trigger) ? trigger : undefined;
  const ownRef = ownTrigger?.props.ref;
  // Stable, so the caller's ref is not called with null and the node again at every render.
  const triggerCallbackRef = useCallback(
    (node: HTMLElement | null) => {
      triggerRef.current = node;
      setRef(ownRef, node);
    },
    [ownRef],
  );
  let triggerNode: ReactNode = trigger;
  if (ownTrigger) {
    const own = ownTrigger.props;
    triggerNode = cloneElement(ownTrigger as ReactElement<TriggerProps & Record<string, unknown>>, {
      type: own.type ?? 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? contentId : undefined,
      'data-state': isOpen ? 'open' : 'closed',
      ref: triggerCallbackRef,
      onClick: compose(own.onClick, () => setOpen(!isOpen)),
      onPointerEnter: compose(own.onPointerEnter, preload),
      onFocus: compose(own.onFocus, preload),
    });
  }
  const View = view;
  return (
    <>
      {triggerNode}
      {View && <View.DialogView {...rest} open={isOpen} onOpenChange={setOpen} contentId={contentId} triggerRef={triggerRef} />}
    </>
  );
}

/**
 * Wrap any button to close the surrounding Dialog: `<DialogClose asChild><Button>Cancel</Button></DialogClose>`.
 * It is drawn only inside an open dialog, so by then the view is loaded.
 */
export function DialogClose(props: DialogCloseProps & { ref?: Ref<HTMLButtonElement> }) {
  return view ? <view.DialogCloseView {...props} /> : null;
}
