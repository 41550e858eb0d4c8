import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { getErrorMessage, isApiError } from '@pharmacy/session';
import { CatalogErrorCodes, type Product, type StockAdjustmentInput } from '@pharmacy/contracts';
import { adminApi, type ProductList } from '../api';
import { abortable, notifyFailure, notifySuccess } from '../state/effects';
import { selectProducts } from '../state/selectors';
import { request } from '../state/request';
import { productsActions, type ProductsState, type SaveProductPayload } from './slice';

function* fetchProductsSaga(): SagaIterator {
  try {
    const { search, page, limit }: ProductsState = yield select(selectProducts);
    const result: ProductList = yield call(abortable, (signal: AbortSignal) => adminApi.listProducts({ search, page, limit }, signal));
    // A page emptied by deletions steps back to the last page that has products.
    if (result.items.length === 0 && result.total > 0 && page > 1) {
      yield put(productsActions.fetchProducts({ page: Math.max(1, Math.ceil(result.total / limit)) }));
      return;
    }
    yield put(productsActions.fetchProductsSucceeded(result));
  } catch (error) {
    yield put(productsActions.fetchProductsFailed());
    yield call(notifyFailure, 'Could not load products', error);
  }
}

function* saveProductSaga(action: PayloadAction<SaveProductPayload>): SagaIterator {
  const editing = 'id' in action.payload;
  try {
    let title: string;
    if ('id' in action.payload) {
      const saved: Product = yield call(adminApi.editProduct, action.payload.id, action.payload.patch);
      title = saved.title;
    } else {
      const saved: Product = yield call(adminApi.addProduct, action.payload.input);
      title = saved.title;
    }
    yield put(productsActions.saveProductSucceeded());
    yield call(notifySuccess, editing ? 'Product updated' : 'Product added', title);
    yield put(productsActions.fetchProducts());
  } catch (error) {
    // Someone else saved first: the form says what changed and offers to reload, so no toast on top.
    const conflict = isApiError(error) && error.status === 409 && error.code === CatalogErrorCodes.PRODUCT_CHANGED;
    yield put(productsActions.saveProductFailed({ message: getErrorMessage(error), conflict }));
    if (!conflict) yield call(notifyFailure, editing ? 'Could not update the product' : 'Could not add the product', error);
  }
}

const reloadProductSaga = request({
  run: (action: PayloadAction<string>) => adminApi.getProduct(action.payload),
  succeeded: (product) => productsActions.reloadProductSucceeded(product),
  failed: () => productsActions.reloadProductFailed(),
  failure: 'Could not reload the product',
});

// The stock panel shows its own failures, so no toast.
const fetchStockSaga = request({
  run: (action: PayloadAction<string>, signal) => adminApi.productStock(action.payload, signal),
  succeeded: (stock) => productsActions.fetchStockSucceeded(stock),
  failed: (error) => productsActions.fetchStockFailed(getErrorMessage(error)),
});

const adjustStockSaga = request({
  run: ({ payload }: PayloadAction<{ productId: string; input: StockAdjustmentInput }>) => adminApi.adjustStock(payload.productId, payload.input),
  succeeded: (stock) => productsActions.adjustStockSucceeded(stock),
  failed: (error) => productsActions.adjustStockFailed(getErrorMessage(error)),
  success: (stock, { payload: { input } }) => ['Stock adjusted', `${input.delta > 0 ? '+' : ''}${input.delta} (${input.reason}): ${stock.available} available`],
});

const deleteProductSaga = request({
  run: (action: PayloadAction<string>) => adminApi.deleteProduct(action.payload),
  succeeded: (_answer, action) => productsActions.deleteProductSucceeded(action.payload),
  failed: () => productsActions.deleteProductFailed(),
  failure: 'Could not delete the product',
  success: () => ['Product deleted'],
});
// The page the deleted product was on is read again (it may now be shorter, or gone).
function* refetchAfterDelete(): SagaIterator {
  yield put(productsActions.fetchProducts());
}

export function* productsSaga(): SagaIterator {
  yield all([
    takeLatest(productsActions.fetchProducts.type, fetchProductsSaga),
    takeLeading(productsActions.saveProduct.type, saveProductSaga),
    takeLatest(productsActions.reloadProduct.type, reloadProductSaga),
    takeLatest(productsActions.fetchStock.type, fetchStockSaga),
    takeLeading(productsActions.adjustStock.type, adjustStockSaga),
    takeEvery(productsActions.deleteProduct.type, deleteProductSaga),
    takeEvery(productsActions.deleteProductSucceeded.type, refetchAfterDelete),
  ]);
}
