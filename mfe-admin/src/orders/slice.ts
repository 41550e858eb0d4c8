import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_ORDERS_DEFAULT_LIMIT, type AdminReviewBody, type StaffOrder, type OrderStatus, type PaymentStatus, type StaffUser } from '@pharmacy/contracts';
import type { OrderList } from '../api';
import { detailsReducers, pagedListReducers, type DetailsState, type PagedListState } from '../state/lists';

/**
 * The customer behind an order under review (their health profile): `erased` when they deleted their account, so
 * the pharmacist decides from what the order itself recorded.
 */
export interface ReviewCustomer {
  status: 'idle' | 'loading' | 'loaded' | 'erased' | 'failed';
  user: StaffUser | null;
}

export interface OrdersState extends PagedListState<StaffOrder>, DetailsState<StaffOrder> {
  /** The status filter; null shows every order. */
  status: OrderStatus | null;
  /** `awaiting` shows only the orders waiting for a pharmacist. */
  review: 'awaiting' | null;
  /** The search: an order number, a customer's name or email (the server matches it); null lists every order. */
  q: string | null;
  /** The review queue's size, whatever the filters, as the last list answer said. */
  awaitingReview: number;
  /** Which status change is in flight, so only its control shows progress. */
  updating: 'orderStatus' | 'paymentStatus' | null;
  customer: ReviewCustomer;
  /** The pharmacist's decision in flight, and why the last one failed (the server's words). */
  deciding: AdminReviewBody['decision'] | null;
  decisionError: string | null;
}

const noCustomer: ReviewCustomer = { status: 'idle', user: null };

export const initialOrdersState: OrdersState = {
  list: [],
  total: 0,
  page: 1,
  limit: ADMIN_ORDERS_DEFAULT_LIMIT,
  status: null,
  review: null,
  q: null,
  awaitingReview: 0,
  loading: false,
  answered: false,
  details: null,
  detailsLoading: false,
  updating: null,
  customer: noCustomer,
  deciding: null,
  decisionError: null,
};

export type FetchOrdersPayload = { status?: OrderStatus | null; review?: 'awaiting' | null; q?: string | null; page?: number };

const list = pagedListReducers<StaffOrder, { status: OrderStatus | null; review: 'awaiting' | null; q: string | null }>();
const details = detailsReducers<StaffOrder>();

/**
 * In the pharmacist's queue: held for review and paid. An unpaid order whose review is pending joins the queue when
 * the shopper pays; until then staff handle it as any unpaid order. The checkout service draws the same line.
 */
export const inReviewQueue = (order: StaffOrder | null | undefined): boolean => order?.review.status === 'awaiting' && order.paymentStatus === 'paid';

/** The server answered the order as it now is (a status change or a decision): show it everywhere it is listed. */
function showUpdated(state: OrdersState, order: StaffOrder) {
  const index = state.list.findIndex((o) => o._id === order._id);
  const before = state.details?._id === order._id ? state.details : index >= 0 ? state.list[index] : null;
  // The count follows at once; the list fetched after a decision brings the server's own figure.
  if (inReviewQueue(before) && !inReviewQueue(order)) state.awaitingReview = Math.max(0, state.awaitingReview - 1);
  // A write answers without health data (reading it is audited, and the details already read it): the dialog keeps
  // what it read, and the status and history the answer brings.
  if (state.details?._id === order._id) {
    const { consultation, unrecognisedTerms, healthChanges, restricted } = state.details;
    state.details = order.restricted ? { ...order, consultation, unrecognisedTerms, healthChanges, restricted } : order;
  }
  if (index < 0) return;
  // A row that no longer matches the filters leaves the filtered table.
  const leaves = (state.status !== null && order.orderStatus !== state.status) || (state.review === 'awaiting' && !inReviewQueue(order));
  if (leaves) {
    state.list.splice(index, 1);
    state.total = Math.max(0, state.total - 1);
  } else state.list[index] = order;
}

const ordersSlice = createSlice({
  name: 'admin/orders',
  initialState: initialOrdersState,
  reducers: {
    fetchOrders: list.fetch,
    fetchOrdersSucceeded(state, action: PayloadAction<OrderList>) {
      list.succeeded(state, action);
      state.awaitingReview = action.payload.awaitingReview;
    },
    fetchOrdersFailed: list.failed,
    fetchOrderDetails(state, action: PayloadAction<string>) {
      details.fetch(state, action);
      Object.assign(state, { customer: noCustomer, deciding: null, decisionError: null });
    },
    fetchOrderDetailsSucceeded: details.succeeded,
    fetchOrderDetailsFailed: details.failed,
    resetOrderDetails(state) {
      details.reset(state);
      Object.assign(state, { updating: null, customer: noCustomer, deciding: null, decisionError: null });
    },
    fetchCustomer(state, _action: PayloadAction<string>) {
      state.customer = { status: 'loading', user: null };
    },
    fetchCustomerSucceeded(state, action: PayloadAction<StaffUser>) {
      state.customer = { status: 'loaded', user: action.payload };
    },
    customerErased(state) {
      state.customer = { status: 'erased', user: null };
    },
    fetchCustomerFailed(state) {
      state.customer = { status: 'failed', user: null };
    },
    updateOrderStatus(state, _action: PayloadAction<{ id: string; orderStatus: OrderStatus }>) {
      state.updating = 'orderStatus';
    },
    updatePaymentStatus(state, _action: PayloadAction<{ id: string; paymentStatus: PaymentStatus }>) {
      state.updating = 'paymentStatus';
    },
    updateOrderSucceeded(state, action: PayloadAction<StaffOrder>) {
      state.updating = null;
      showUpdated(state, action.payload);
    },
    updateOrderFailed(state) {
      state.updating = null;
    },
    reviewOrder(state, action: PayloadAction<{ id: string; decision: AdminReviewBody }>) {
      state.deciding = action.payload.decision.decision;
      state.decisionError = null;
    },
    reviewOrderSucceeded(state, action: PayloadAction<StaffOrder>) {
      state.deciding = null;
      showUpdated(state, action.payload);
    },
    reviewOrderFailed(state, action: PayloadAction<string>) {
      state.deciding = null;
      state.decisionError = action.payload;
    },
  },
});

export const ordersActions = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
