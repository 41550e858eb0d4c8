import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PRODUCT_PAGE_SIZE, type Product, type ProductInput, type ProductPage } from '@pharmacy/contracts';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface ProductsState {
  list: Product[];
  total: number;
  page: number;
  limit: number;
  search: string;
  loading: boolean;
  save: { status: SaveStatus; error: string | null };
  /** Id of the product being deleted. */
  deleting: string | null;
}

export const initialProductsState: ProductsState = {
  list: [],
  total: 0,
  page: 1,
  limit: PRODUCT_PAGE_SIZE,
  search: '',
  loading: false,
  save: { status: 'idle', error: null },
  deleting: null,
};

export interface FetchProductsPayload {
  search?: string;
  page?: number;
}

const productsSlice = createSlice({
  name: 'admin/products',
  initialState: initialProductsState,
  reducers: {
    fetchProducts(state, action: PayloadAction<FetchProductsPayload | undefined>) {
      const next = action.payload ?? {};
      if (next.search !== undefined) state.search = next.search;
      if (next.page !== undefined) state.page = next.page;
      state.loading = true;
    },
    fetchProductsSucceeded(state, action: PayloadAction<ProductPage>) {
      const { items, total, page, limit } = action.payload;
      Object.assign(state, { list: items, total, page, limit, loading: false });
    },
    /** SPEC §4/§8: a failed list fetch empties the list. */
    fetchProductsFailed(state) {
      state.list = [];
      state.total = 0;
      state.loading = false;
    },
    /** Create when `id` is absent, else edit. */
    saveProduct(state, _action: PayloadAction<{ id?: string; input: ProductInput }>) {
      state.save = { status: 'saving', error: null };
    },
    saveProductSucceeded(state) {
      state.save = { status: 'saved', error: null };
    },
    saveProductFailed(state, action: PayloadAction<string>) {
      state.save = { status: 'failed', error: action.payload };
    },
    resetSave(state) {
      state.save = { status: 'idle', error: null };
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
