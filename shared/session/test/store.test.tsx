import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { put, take } from 'redux-saga/effects';
import { createAppStore, useInjectModule, type RootState } from '../src/store';

const cartSlice = createSlice({
  name: 'cart',
  initialState: { items: [] as string[], badge: 0 },
  reducers: {
    added: (state, action: PayloadAction<string>) => {
      state.items.push(action.payload);
    },
    badgeSet: (state, action: PayloadAction<number>) => {
      state.badge = action.payload;
    },
  },
});
type CartRoot = RootState & { cart: ReturnType<typeof cartSlice.reducer> };

function* cartSaga() {
  for (;;) {
    const action: PayloadAction<string> = yield take(cartSlice.actions.added.type);
    yield put(cartSlice.actions.badgeSet(action.payload.length));
  }
}

describe('createAppStore', () => {
  it('holds session and auth from the start', () => {
    const store = createAppStore();
    expect(Object.keys(store.getState())).toEqual(['session', 'auth']);
  });

  it('injects a reducer once, with its initial state available at once', () => {
    const store = createAppStore();
    expect(store.injectReducer('cart', cartSlice.reducer)).toBe(true);
    expect((store.getState() as CartRoot).cart).toEqual({ items: [], badge: 0 });
    store.dispatch(cartSlice.actions.added('p1'));
    expect(store.injectReducer('cart', cartSlice.reducer)).toBe(false);
    expect((store.getState() as CartRoot).cart.items).toEqual(['p1']); // a second injection does not reset it
    expect(store.injectReducer('session', cartSlice.reducer)).toBe(false); // cannot replace a built-in slice
  });

  it('runs an injected saga once per key', () => {
    const store = createAppStore();
    store.injectReducer('cart', cartSlice.reducer);
    expect(store.injectSaga('cart', cartSaga)).toBe(true);
    expect(store.injectSaga('cart', cartSaga)).toBe(false);
    store.dispatch(cartSlice.actions.added('abcd'));
    expect((store.getState() as CartRoot).cart.badge).toBe(4); // one saga ran, not two
    expect(store.hasSaga('cart')).toBe(true);
  });
});

describe('useInjectModule', () => {
  function CartCount() {
    useInjectModule({ key: 'cart', reducer: cartSlice.reducer, saga: cartSaga });
    // Selecting on the very first render: the slice must already exist.
    const count = useSelector((state: CartRoot) => state.cart.items.length);
    return <p>Items: {count}</p>;
  }

  it('injects before the component selects its slice, idempotently under StrictMode and remounts', () => {
    const store = createAppStore();
    const { unmount } = render(
      <StrictMode>
        <Provider store={store}>
          <CartCount />
          <CartCount />
        </Provider>
      </StrictMode>,
    );
    expect(screen.getAllByText('Items: 0')).toHaveLength(2);
    unmount();
    store.dispatch(cartSlice.actions.added('abc'));
    expect((store.getState() as CartRoot).cart.badge).toBe(3);
    render(
      <Provider store={store}>
        <CartCount />
      </Provider>,
    );
    expect(screen.getByText('Items: 1')).toBeInTheDocument();
  });

  it('explains itself when the store cannot inject', () => {
    const plain = configureStore({ reducer: { x: (s: number = 0) => s } });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <Provider store={plain}>
          <CartCount />
        </Provider>,
      ),
    ).toThrow(/needs the store made by createAppStore/);
    spy.mockRestore();
  });
});

describe('serverState: what a page rendered on the server had, for hydration', () => {
  function Badge() {
    useInjectModule({ key: 'cart', reducer: cartSlice.reducer });
    const count = useSelector((s: CartRoot) => s.cart.items.length);
    return <span>{count} in cart</span>;
  }

  it('answers every slice at its initial state, including one a remote injects later, whatever the store holds now', () => {
    const store = createAppStore({ runSessionSaga: false });
    store.injectReducer('cart', cartSlice.reducer);
    store.dispatch(cartSlice.actions.added('p1'));
    const server = store.serverState as unknown as CartRoot;
    expect(server.cart).toEqual({ items: [], badge: 0 });
    expect(server.auth).toEqual(createAppStore({ runSessionSaga: false }).getState().auth);
    expect(store.getState()).toMatchObject({ cart: { items: ['p1'] } });
  });

  it('lets a slot hydrate the server’s HTML after the store moved on, then shows the store', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const html = renderToString(
      <Provider store={createAppStore({ runSessionSaga: false })}>
        <Badge />
      </Provider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    // the browser's store already has the cart (another widget loaded it) when this slot hydrates
    const store = createAppStore({ runSessionSaga: false });
    store.injectReducer('cart', cartSlice.reducer);
    store.dispatch(cartSlice.actions.added('p1'));
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <Provider store={store} serverState={store.serverState}>
          <Badge />
        </Provider>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('1 in cart');
    container.remove();
  });
});
