import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { LOW_STOCK_THRESHOLD, type Feature, type OrderStats } from '@pharmacy/contracts';
import { adminApi, type ProductList } from '../api';
import { notifyFailure, notifySuccess } from '../state/effects';
import { dashboardActions } from './slice';

/** How many low-stock products the dashboard lists (lowest stock first). */
export const LOW_STOCK_LIST_SIZE = LOW_STOCK_THRESHOLD;

function* fetchStats(): SagaIterator {
  try {
    const stats: OrderStats = yield call(adminApi.orderStats);
    yield put(dashboardActions.fetchStatsSucceeded(stats));
  } catch (error) {
    yield put(dashboardActions.fetchStatsFailed());
    yield call(notifyFailure, 'Could not load the order figures', error);
  }
}

function* fetchLowStock(): SagaIterator {
  try {
    const page: ProductList = yield call(adminApi.listProducts, { lowStock: true, page: 1, limit: LOW_STOCK_LIST_SIZE });
    yield put(dashboardActions.fetchLowStockSucceeded(page.items));
  } catch (error) {
    yield put(dashboardActions.fetchLowStockFailed());
    yield call(notifyFailure, 'Could not load the low-stock products', error);
  }
}

function* fetchFeatures(): SagaIterator {
  try {
    const features: Feature[] = yield call(adminApi.listFeatures);
    yield put(dashboardActions.fetchFeaturesSucceeded(features));
  } catch (error) {
    yield put(dashboardActions.fetchFeaturesFailed());
    yield call(notifyFailure, 'Could not load the feature images', error);
  }
}

// Each part catches its own failure, so one service being down still shows the others.
function* fetchDashboardSaga(): SagaIterator {
  yield all([call(fetchStats), call(fetchLowStock), call(fetchFeatures)]);
}

function* addFeatureSaga(action: PayloadAction<string>): SagaIterator {
  try {
    const feature: Feature = yield call(adminApi.addFeature, action.payload);
    yield put(dashboardActions.addFeatureSucceeded(feature));
    yield call(notifySuccess, 'Feature image added', 'It now shows on the home page.');
  } catch (error) {
    yield put(dashboardActions.addFeatureFailed());
    yield call(notifyFailure, 'Could not add the feature image', error);
  }
}

function* deleteFeatureSaga(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(adminApi.deleteFeature, action.payload);
    yield put(dashboardActions.deleteFeatureSucceeded(action.payload));
    yield call(notifySuccess, 'Feature image deleted');
  } catch (error) {
    yield put(dashboardActions.deleteFeatureFailed());
    yield call(notifyFailure, 'Could not delete the feature image', error);
  }
}

export function* dashboardSaga(): SagaIterator {
  yield all([
    takeLatest(dashboardActions.fetchDashboard.type, fetchDashboardSaga),
    takeEvery(dashboardActions.addFeature.type, addFeatureSaga),
    takeEvery(dashboardActions.deleteFeature.type, deleteFeatureSaga),
  ]);
}
