import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_ORDERS_DEFAULT_LIMIT, type Order, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import type { OrderList } from '../api';

export interface OrdersState {
  list: Order[];
  total: number;
  page: number;
  limit: number;
  /** The status filter; null shows every order. */
  status: OrderStatus | null;
  loading: boolean;
  /** docs/product.md#client-state: order details reset to null on reset or failure. */
  details: Order | null;
  detailsLoading: boolean;
  /** Which status change is in flight, so only its control shows progress. */
  updating: 'orderStatus' | 'paymentStatus' | null;
}

export const initialOrdersState: OrdersState = {
  list: [],
  total: 0,
  page: 1,
  limit: ADMIN_ORDERS_DEFAULT_LIMIT,
  status: null,
  loading: false,
  details: null,
  detailsLoading: false,
  updating: null,
};

export interface FetchOrdersPayload {
  status?: OrderStatus | null;
  page?: number;
}

const ordersSlice = createSlice({
  name: 'admin/orders',
  initialState: initialOrdersState,
  reducers: {
    fetchOrders(state, action: PayloadAction<FetchOrdersPayload | undefined>) {
      const next = action.payload ?? {};
      if (next.status !== undefined) state.status = next.status;
      if (next.page !== undefined) state.page = next.page;
      state.loading = true;
    },
    fetchOrdersSucceeded(state, action: PayloadAction<OrderList>) {
      const { items, total, page, limit } = action.payload;
      Object.assign(state, { list: items, total, page, limit, loading: false });
    },
    /** docs/product.md#client-state: a failed list fetch empties the list. */
    fetchOrdersFailed(state) {
      state.list = [];
      state.total = 0;
      state.loading = false;
    },
    fetchOrderDetails(state, _action: PayloadAction<string>) {
      state.details = null;
      state.detailsLoading = true;
    },
    fetchOrderDetailsSucceeded(state, action: PayloadAction<Order>) {
      state.details = action.payload;
      state.detailsLoading = false;
    },
    fetchOrderDetailsFailed(state) {
      state.details = null;
      state.detailsLoading = false;
    },
    resetOrderDetails(state) {
      state.details = null;
      state.detailsLoading = false;
      state.updating = null;
    },
    updateOrderStatus(state, _action: PayloadAction<{ id: string; orderStatus: OrderStatus }>) {
      state.updating = 'orderStatus';
    },
    updatePaymentStatus(state, _action: PayloadAction<{ id: string; paymentStatus: PaymentStatus }>) {
      state.updating = 'paymentStatus';
    },
    /** The server answers the updated order (with its new history entry): show it everywhere it is listed. */
    updateOrderSucceeded(state, action: PayloadAction<Order>) {
      const order = action.payload;
      state.updating = null;
      if (state.details?._id === order._id) state.details = order;
      const index = state.list.findIndex((o) => o._id === order._id);
      if (index >= 0) {
        // A row that no longer matches the status filter leaves the filtered table.
        if (state.status && order.orderStatus !== state.status) {
          state.list.splice(index, 1);
          state.total = Math.max(0, state.total - 1);
        } else state.list[index] = order;
      }
    },
    updateOrderFailed(state) {
      state.updating = null;
    },
  },
});

export const ordersActions = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
