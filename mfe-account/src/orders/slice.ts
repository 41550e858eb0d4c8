import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order, OrderHistoryEntry } from '@pharmacy/contracts';
import type { RootState } from '@pharmacy/session';

/**
 * An order as this page reads it: the checkout contract's Order, read defensively (older or newer checkout
 * builds may name the date `createdAt` and the history `statusHistory`).
 */
export type OrderView = Partial<Omit<Order, '_id'>> & {
  _id: string;
  createdAt?: string;
  statusHistory?: OrderHistoryEntry[];
};

export interface MyOrdersState {
  list: OrderView[];
  listLoading: boolean;
  /** True once a list fetch has finished (so "no orders yet" is not shown while loading). */
  listLoaded: boolean;
  details: OrderView | null;
  detailsLoading: boolean;
  /** The unpaid orders being cancelled (from their card or the details dialog). */
  cancelling: string[];
  /**
   * Orders the shopper cancelled on this visit: they keep their card, showing the outcome where the shopper acted,
   * instead of folding away with the older cancelled payments at once (docs/product.md#shopper-account).
   */
  cancelledHere: string[];
}

export const initialMyOrdersState: MyOrdersState = {
  list: [],
  listLoading: false,
  listLoaded: false,
  details: null,
  detailsLoading: false,
  cancelling: [],
  cancelledHere: [],
};

export const MY_ORDERS_KEY = 'accountOrders';

/** docs/product.md#client-state: a list fetch empties the list on failure; details reset to null on reset or failure. */
export const myOrdersSlice = createSlice({
  name: MY_ORDERS_KEY,
  initialState: initialMyOrdersState,
  reducers: {
    fetchOrdersStart: (state, _action: PayloadAction<{ userId: string }>) => {
      state.listLoading = true;
    },
    fetchOrdersSuccess: (state, action: PayloadAction<OrderView[]>) => {
      state.list = action.payload;
      state.listLoading = false;
      state.listLoaded = true;
      state.cancelledHere = [];
    },
    fetchOrdersFailure: (state) => {
      state.list = [];
      state.listLoading = false;
      state.listLoaded = true;
    },
    fetchOrderDetailsStart: (state, _action: PayloadAction<{ orderId: string }>) => {
      state.detailsLoading = true;
      state.details = null;
    },
    fetchOrderDetailsSuccess: (state, action: PayloadAction<OrderView>) => {
      state.details = action.payload;
      state.detailsLoading = false;
    },
    fetchOrderDetailsFailure: (state) => {
      state.details = null;
      state.detailsLoading = false;
    },
    resetOrderDetails: (state) => {
      state.details = null;
      state.detailsLoading = false;
    },
    cancelOrderStart: (state, action: PayloadAction<{ orderId: string }>) => {
      if (!state.cancelling.includes(action.payload.orderId)) state.cancelling.push(action.payload.orderId);
    },
    /** The cancelled order replaces its old copy in the list and, when open, in the dialog. */
    cancelOrderSuccess: (state, action: PayloadAction<OrderView>) => {
      state.cancelling = state.cancelling.filter((id) => id !== action.payload._id);
      state.list = state.list.map((o) => (o._id === action.payload._id ? action.payload : o));
      if (!state.cancelledHere.includes(action.payload._id)) state.cancelledHere.push(action.payload._id);
      if (state.details?._id === action.payload._id) state.details = action.payload;
    },
    cancelOrderFailure: (state, action: PayloadAction<{ orderId: string }>) => {
      state.cancelling = state.cancelling.filter((id) => id !== action.payload.orderId);
    },
  },
});

export const myOrdersActions = myOrdersSlice.actions;
export const myOrdersReducer = myOrdersSlice.reducer;

type WithMyOrders = RootState & { [MY_ORDERS_KEY]?: MyOrdersState };
export const selectMyOrders = (state: WithMyOrders): MyOrdersState => state[MY_ORDERS_KEY] ?? initialMyOrdersState;
