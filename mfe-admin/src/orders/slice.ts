import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_ORDERS_DEFAULT_LIMIT, type Order, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';
import { detailsReducers, pagedListReducers, type DetailsState, type PagedListState } from '../state/lists';

export interface OrdersState extends PagedListState<Order>, DetailsState<Order> {
  /** The status filter; null shows every order. */
  status: OrderStatus | null;
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

export type FetchOrdersPayload = { status?: OrderStatus | null; page?: number };

const list = pagedListReducers<Order, { status: OrderStatus | null }>();
const details = detailsReducers<Order>();

const ordersSlice = createSlice({
  name: 'admin/orders',
  initialState: initialOrdersState,
  reducers: {
    fetchOrders: list.fetch,
    fetchOrdersSucceeded: list.succeeded,
    fetchOrdersFailed: list.failed,
    fetchOrderDetails: details.fetch,
    fetchOrderDetailsSucceeded: details.succeeded,
    fetchOrderDetailsFailed: details.failed,
    resetOrderDetails(state) {
      details.reset(state);
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
