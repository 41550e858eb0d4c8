import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Cart } from '@pharmacy/contracts';
import { cartReplaced, type RootState } from '@pharmacy/session';

export interface CartState {
  cart: Cart | null;
  loading: boolean;
  error: string | null;
  /** The server's last explanation (caps, skipped items), shown above the cart. */
  message: string | null;
  /** Products whose add is on its way to the cart (their Add to cart buttons show it). */
  adding: string[];
  /** Adds the server refused for who the shopper is (AGE_RESTRICTED) or their prescription (PRESCRIPTION_REFUSALS), with its words: the button stays disabled with them. */
  refused: Record<string, string>;
  /** The last load got no answer (the shop cannot be reached): `cart` is the one last loaded, kept, maybe out of date. */
  stale: boolean;
}
export const initialCartState: CartState = { cart: null, loading: false, error: null, message: null, adding: [], refused: {}, stale: false };

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    loadRequested(state) {
      state.loading = true;
    },
    /** The Add-to-cart widget: this quantity of a product, to the visitor's or the signed-in user's cart. */
    addRequested(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      state.adding.push(action.payload.productId);
      // a new attempt (after a date of birth was added, say): the server answers it afresh
      delete state.refused[action.payload.productId];
    },
    addRefused(state, action: PayloadAction<{ productId: string; message: string }>) {
      state.refused[action.payload.productId] = action.payload.message;
    },
    addSettled(state, action: PayloadAction<{ productId: string }>) {
      const at = state.adding.indexOf(action.payload.productId);
      if (at >= 0) state.adding.splice(at, 1);
    },
    setQuantityRequested(state, _action: PayloadAction<{ productId: string; quantity: number }>) {
      state.loading = true;
    },
    removeRequested(state, _action: PayloadAction<{ productId: string }>) {
      state.loading = true;
    },
    loaded(state, action: PayloadAction<{ cart: Cart; message?: string }>) {
      takeAnswer(state, action.payload.cart, action.payload.message);
    },
    /**
     * docs/product.md#client-state: a load with no answer (no connection, a server error) keeps the cart last
     * loaded, said to be possibly out of date, and never shows it empty; with none loaded yet, it says why.
     */
    unanswered(state, action: PayloadAction<string>) {
      state.loading = false;
      if (state.cart) state.stale = true;
      else state.error = action.payload;
    },
    failed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  // Buy again in My Orders (another remote) answered the whole cart: taken like a load of our own
  extraReducers: (builder) => builder.addCase(cartReplaced, (state, action) => takeAnswer(state, action.payload)),
});

/** The server's answer with the whole cart. */
function takeAnswer(state: CartState, cart: Cart, message?: string) {
  state.cart = cart;
  state.message = message ?? null;
  // a fresh answer from the server: a refusal is asked again rather than remembered (the profile may have changed)
  state.refused = {};
  state.loading = false;
  state.error = null;
  state.stale = false;
}

export const cartActions = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
export type CartRootState = RootState & { cart?: CartState };
export const selectCart = (state: CartRootState): CartState => state.cart ?? initialCartState;
/** Whether the signed-in shopper's date of birth is known, so an age check can be made. */
export const selectKnowsAge = (state: CartRootState): boolean => Boolean((state.auth?.user ?? state.session?.currentUser)?.DOB);
/** The signed-in user's id, undefined while the auth check runs, null for a visitor. */
export const selectShopper = (state: CartRootState): string | null | undefined => {
  const user = state.auth?.user ?? state.session?.currentUser ?? null;
  if (user) return user._id;
  return state.auth?.isLoading ? undefined : null;
};
