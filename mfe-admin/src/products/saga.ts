import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { getErrorMessage } from '@pharmacy/session';
import type { ProductInput, ProductPage } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { abortable, notifyFailure, notifySuccess } from '../state/effects';
import { selectProducts } from '../state/selectors';
import { productsActions, type ProductsState } from './slice';

function* fetchProductsSaga(): SagaIterator {
  try {
    const { search, page, limit }: ProductsState = yield select(selectProducts);
    const result: ProductPage = yield call(abortable, (signal: AbortSignal) => adminApi.listProducts({ search, page, limit }, signal));
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

function* saveProductSaga(action: PayloadAction<{ id?: string; input: ProductInput }>): SagaIterator {
  const { id, input } = action.payload;
  try {
    if (id) yield call(adminApi.editProduct, id, input);
    else yield call(adminApi.addProduct, input);
    yield put(productsActions.saveProductSucceeded());
    yield call(notifySuccess, id ? 'Product updated' : 'Product added', input.title);
    yield put(productsActions.fetchProducts());
  } catch (error) {
    yield put(productsActions.saveProductFailed(getErrorMessage(error)));
    yield call(notifyFailure, id ? 'Could not update the product' : 'Could not add the product', error);
  }
}

function* deleteProductSaga(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(adminApi.deleteProduct, action.payload);
    yield put(productsActions.deleteProductSucceeded(action.payload));
    yield call(notifySuccess, 'Product deleted');
    yield put(productsActions.fetchProducts());
  } catch (error) {
    yield put(productsActions.deleteProductFailed());
    yield call(notifyFailure, 'Could not delete the product', error);
  }
}

export function* productsSaga(): SagaIterator {
  yield all([
    takeLatest(productsActions.fetchProducts.type, fetchProductsSaga),
    takeLeading(productsActions.saveProduct.type, saveProductSaga),
    takeEvery(productsActions.deleteProduct.type, deleteProductSaga),
  ]);
}
