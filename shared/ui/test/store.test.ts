import {
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  getToastState,
  reducer,
  resetToasts,
  toast,
  dismissToast,
  type ToasterToast,
} from '../src/toast/store';

const make = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({ id, title: id, open: true, ...extra });

describe('toast reducer', () => {
  it('uses the interface constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
  });

  it('adds a toast', () => {
    const state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') });
    expect(state.toasts).toEqual([make('a')]);
  });

  it('keeps at most one toast: a new toast replaces the previous one', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') });
    state = reducer(state, { type: 'ADD_TOAST', toast: make('b') });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('updates only the toast with the given id', () => {
    const state = reducer({ toasts: [make('a')] }, { type: 'UPDATE_TOAST', toast: { id: 'a', title: 'Changed', variant: 'destructive' } });
    expect(state.toasts[0]).toMatchObject({ id: 'a', title: 'Changed', variant: 'destructive', open: true });
    const untouched = reducer({ toasts: [make('a')] }, { type: 'UPDATE_TOAST', toast: { id: 'zzz', title: 'x' } });
    expect(untouched.toasts[0].title).toBe('a');
  });

  it('dismissing marks the toast closed but keeps it in state', () => {
    const state = reducer({ toasts: [make('a'), make('b')] }, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(state.toasts).toEqual([make('a', { open: false }), make('b')]);
  });

  it('dismissing without an id closes every toast', () => {
    const state = reducer({ toasts: [make('a'), make('b')] }, { type: 'DISMISS_TOAST' });
    expect(state.toasts.every((t) => t.open === false)).toBe(true);
  });

  it('removes one toast by id, or all without an id', () => {
    expect(reducer({ toasts: [make('a'), make('b')] }, { type: 'REMOVE_TOAST', toastId: 'a' }).toasts.map((t) => t.id)).toEqual(['b']);
    expect(reducer({ toasts: [make('a'), make('b')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('does not mutate the previous state', () => {
    const before = { toasts: [make('a')] };
    reducer(before, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(before.toasts[0].open).toBe(true);
  });
});

describe('toast() and the module store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    jest.useRealTimers();
  });

  it('returns id, dismiss and update; a second toast replaces the first', () => {
    const first = toast({ title: 'First' });
    expect(getToastState().toasts).toHaveLength(1);
    const second = toast({ title: 'Second', description: 'More' });
    expect(second.id).not.toBe(first.id);
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: second.id, title: 'Second', description: 'More', open: true })]);

    second.update({ title: 'Second, updated' });
    expect(getToastState().toasts[0].title).toBe('Second, updated');
  });

  it('removes a dismissed toast after exactly TOAST_REMOVE_DELAY ms', () => {
    const handle = toast({ title: 'Saved' });
    handle.dismiss();
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })]);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('onOpenChange(false) (what Radix calls on timeout, swipe, Escape or close) dismisses the toast', () => {
    const handle = toast({ title: 'Saved' });
    getToastState().toasts[0].onOpenChange?.(false);
    expect(getToastState().toasts[0]).toMatchObject({ id: handle.id, open: false });
  });

  it('dismissToast() with no id closes every toast and removes it later', () => {
    toast({ title: 'One' });
    dismissToast();
    expect(getToastState().toasts[0].open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(getToastState().toasts).toEqual([]);
  });

  it('a removal timer of a replaced toast does not remove the newer toast', () => {
    const old = toast({ title: 'Old' });
    old.dismiss();
    jest.advanceTimersByTime(10);
    const fresh = toast({ title: 'Fresh' });
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: fresh.id, open: true })]);
  });
});
