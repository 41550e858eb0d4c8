import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  PRODUCT_PAGE_SIZE,
  type BatchReceiveInput,
  type Product,
  type ProductInput,
  type ProductPatch,
  type ProductStock,
  type ShortDatedBatch,
  type StockAdjustmentInput,
} from '@pharmacy/contracts';
import { pagedListReducers, type PagedListState } from '../state/lists';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface ProductsState extends PagedListState<Product> {
  search: string;
  /** `conflict`: the edit was refused because someone else changed the product since the form loaded it. */
  save: { status: SaveStatus; error: string | null; conflict: boolean };
  /** Reload after a conflict: the latest product, handed to the open form once. */
  reload: { loading: boolean; product: Product | null };
  /** The stock panel of the product open in the edit form. */
  stock: {
    productId: string | null;
    data: ProductStock | null;
    loading: boolean;
    adjusting: boolean;
    /** Why the last adjustment or load failed, shown in the panel. */
    error: string | null;
    receiving: boolean;
    /** Why the last batch received was refused, shown by its form. */
    receiveError: string | null;
  };
  /** Products' "Short-dated" view: sellable batches near their expiry, soonest first. */
  shortDated: { data: ShortDatedBatch[] | null; loading: boolean; error: string | null };
  /** Id of the product being deleted. */
  deleting: string | null;
}

export type SaveProductPayload = { input: ProductInput } | { id: string; patch: ProductPatch };

export const initialProductsState: ProductsState = {
  list: [],
  total: 0,
  page: 1,
  limit: PRODUCT_PAGE_SIZE,
  search: '',
  loading: false,
  answered: false,
  save: { status: 'idle', error: null, conflict: false },
  reload: { loading: false, product: null },
  stock: { productId: null, data: null, loading: false, adjusting: false, error: null, receiving: false, receiveError: null },
  shortDated: { data: null, loading: false, error: null },
  deleting: null,
};

export type FetchProductsPayload = { search?: string; page?: number };

const list = pagedListReducers<Product, { search: string }>();

const productsSlice = createSlice({
  name: 'admin/products',
  initialState: initialProductsState,
  reducers: {
    fetchProducts: list.fetch,
    fetchProductsSucceeded: list.succeeded,
    fetchProductsFailed: list.failed,
    /** Create with `input`, edit with `id` and `patch`. */
    saveProduct(state, _action: PayloadAction<SaveProductPayload>) {
      state.save = { status: 'saving', error: null, conflict: false };
    },
    saveProductSucceeded(state) {
      state.save = { status: 'saved', error: null, conflict: false };
    },
    saveProductFailed(state, action: PayloadAction<{ message: string; conflict?: boolean }>) {
      state.save = { status: 'failed', error: action.payload.message, conflict: action.payload.conflict ?? false };
    },
    resetSave(state) {
      state.save = { status: 'idle', error: null, conflict: false };
    },
    reloadProduct(state, _action: PayloadAction<string>) {
      state.reload = { loading: true, product: null };
    },
    reloadProductSucceeded(state, action: PayloadAction<Product>) {
      state.reload = { loading: false, product: action.payload };
      state.save = { status: 'idle', error: null, conflict: false };
      state.list = state.list.map((p) => (p._id === action.payload._id ? action.payload : p));
    },
    reloadProductFailed(state) {
      state.reload = { loading: false, product: null };
    },
    /** The open form took the reloaded product. */
    reloadConsumed(state) {
      state.reload.product = null;
    },
    fetchStock(state, action: PayloadAction<string>) {
      const same = state.stock.productId === action.payload;
      state.stock = {
        productId: action.payload,
        data: same ? state.stock.data : null,
        loading: true,
        adjusting: false,
        error: null,
        receiving: false,
        receiveError: null,
      };
    },
    fetchStockSucceeded(state, action: PayloadAction<ProductStock>) {
      if (state.stock.productId !== action.payload.productId) return;
      Object.assign(state.stock, { data: action.payload, loading: false });
    },
    fetchStockFailed(state, action: PayloadAction<string>) {
      Object.assign(state.stock, { loading: false, error: action.payload });
    },
    adjustStock(state, _action: PayloadAction<{ productId: string; input: StockAdjustmentInput }>) {
      Object.assign(state.stock, { adjusting: true, error: null });
    },
    adjustStockSucceeded(state, action: PayloadAction<ProductStock>) {
      const { productId, available } = action.payload;
      if (state.stock.productId === productId) Object.assign(state.stock, { data: action.payload, adjusting: false, error: null });
      state.list = state.list.map((p) => (p._id === productId ? { ...p, totalStock: available } : p));
    },
    adjustStockFailed(state, action: PayloadAction<string>) {
      Object.assign(state.stock, { adjusting: false, error: action.payload });
    },
    receiveBatch(state, _action: PayloadAction<{ productId: string; input: BatchReceiveInput }>) {
      Object.assign(state.stock, { receiving: true, receiveError: null });
    },
    receiveBatchSucceeded(state, action: PayloadAction<ProductStock>) {
      const { productId, available } = action.payload;
      if (state.stock.productId === productId) Object.assign(state.stock, { data: action.payload, receiving: false, receiveError: null });
      state.list = state.list.map((p) => (p._id === productId ? { ...p, totalStock: available } : p));
    },
    receiveBatchFailed(state, action: PayloadAction<string>) {
      Object.assign(state.stock, { receiving: false, receiveError: action.payload });
    },
    fetchShortDated(state) {
      Object.assign(state.shortDated, { loading: true, error: null });
    },
    fetchShortDatedSucceeded(state, action: PayloadAction<ShortDatedBatch[]>) {
      state.shortDated = { data: action.payload, loading: false, error: null };
    },
    fetchShortDatedFailed(state, action: PayloadAction<string>) {
      Object.assign(state.shortDated, { loading: false, error: action.payload });
    },
    deleteProduct(state, action: PayloadAction<string>) {
      state.deleting = action.payload;
    },
    deleteProductSucceeded(state, action: PayloadAction<string>) {
      state.deleting = null;
      state.list = state.list.filter((p) => p._id !== action.payload);
      state.total = Math.max(0, state.total - 1);
    },
    deleteProductFailed(state) {
      state.deleting = null;
    },
  },
});

export const productsActions = productsSlice.actions;
export const productsReducer = productsSlice.reducer;
