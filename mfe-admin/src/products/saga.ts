import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { getErrorMessage, isApiError } from '@pharmacy/session';
import { CatalogErrorCodes, type BatchReceiveInput, type Product, type StockAdjustmentInput } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { notifyFailure, notifySuccess } from '../state/effects';
import { selectProducts } from '../state/selectors';
import { pagedList, reload } from '../state/pagedList';
import { request } from '../state/request';
import { productsActions, type SaveProductPayload } from './slice';

const fetchProductsSaga = pagedList({
  from: selectProducts,
  load: ({ search, page, limit }, signal) => adminApi.listProducts({ search, page, limit }, signal),
  fetch: productsActions.fetchProducts,
  succeeded: productsActions.fetchProductsSucceeded,
  failed: productsActions.fetchProductsFailed,
  failure: 'Could not load products',
});

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

const receiveBatchSaga = request({
  run: ({ payload }: PayloadAction<{ productId: string; input: BatchReceiveInput }>) => adminApi.receiveBatch(payload.productId, payload.input),
  succeeded: (stock) => productsActions.receiveBatchSucceeded(stock),
  failed: (error) => productsActions.receiveBatchFailed(getErrorMessage(error)),
  success: (stock, { payload: { input } }) => ['Batch received', `${input.quantity} of lot ${input.lot.trim()}: ${stock.available} available`],
});

// The view shows its own failure with Try again, so no toast.
const fetchShortDatedSaga = request({
  run: (_action: unknown, signal) => adminApi.shortDatedBatches(signal),
  succeeded: (batches) => productsActions.fetchShortDatedSucceeded(batches),
  failed: (error) => productsActions.fetchShortDatedFailed(getErrorMessage(error)),
});

const deleteProductSaga = request({
  run: (action: PayloadAction<string>) => adminApi.deleteProduct(action.payload),
  succeeded: (_answer, action) => productsActions.deleteProductSucceeded(action.payload),
  failed: () => productsActions.deleteProductFailed(),
  failure: 'Could not delete the product',
  success: () => ['Product deleted'],
});

export function* productsSaga(): SagaIterator {
  yield all([
    takeLatest(productsActions.fetchProducts.type, fetchProductsSaga),
    takeLeading(productsActions.saveProduct.type, saveProductSaga),
    takeLatest(productsActions.reloadProduct.type, reloadProductSaga),
    takeLatest(productsActions.fetchStock.type, fetchStockSaga),
    takeLeading(productsActions.adjustStock.type, adjustStockSaga),
    takeLeading(productsActions.receiveBatch.type, receiveBatchSaga),
    takeLatest(productsActions.fetchShortDated.type, fetchShortDatedSaga),
    takeEvery(productsActions.deleteProduct.type, deleteProductSaga),
    // The page the deleted product was on is read again (it may now be shorter, or gone).
    takeEvery(productsActions.deleteProductSucceeded.type, reload(productsActions.fetchProducts)),
  ]);
}
