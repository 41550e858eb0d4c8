import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { selectCan } from '@pharmacy/session';
import { LOW_STOCK_THRESHOLD } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { request } from '../state/request';
import { dashboardActions } from './slice';

/** How many low-stock products the dashboard lists (lowest stock first). */
export const LOW_STOCK_LIST_SIZE = LOW_STOCK_THRESHOLD;

const fetchStats = request({
  run: () => adminApi.orderStats(),
  succeeded: (stats) => dashboardActions.fetchStatsSucceeded(stats),
  failed: () => dashboardActions.fetchStatsFailed(),
  failure: 'Could not load the order figures',
});

const fetchLowStock = request({
  run: () => adminApi.listProducts({ lowStock: true, page: 1, limit: LOW_STOCK_LIST_SIZE }),
  succeeded: (page) => dashboardActions.fetchLowStockSucceeded(page.items),
  failed: () => dashboardActions.fetchLowStockFailed(),
  failure: 'Could not load the low-stock products',
});

const fetchFeatures = request({
  run: () => adminApi.listFeatures(),
  succeeded: (features) => dashboardActions.fetchFeaturesSucceeded(features),
  failed: () => dashboardActions.fetchFeaturesFailed(),
  failure: 'Could not load the feature images',
});

// Each part catches its own failure, so one service being down still shows the others.
// The product list and the banners are the catalogue's (docs/product.md#staff-roles): not asked for a role without it.
function* fetchDashboardSaga(): SagaIterator {
  const catalogue: boolean = yield select(selectCan, 'catalogue.manage');
  yield all([call(fetchStats, undefined), ...(catalogue ? [call(fetchLowStock, undefined), call(fetchFeatures, undefined)] : [])]);
}

const addFeatureSaga = request({
  run: (action: PayloadAction<string>) => adminApi.addFeature(action.payload),
  succeeded: (feature) => dashboardActions.addFeatureSucceeded(feature),
  failed: () => dashboardActions.addFeatureFailed(),
  failure: 'Could not add the feature image',
  success: () => ['Feature image added', 'It now shows on the home page.'],
});

const deleteFeatureSaga = request({
  run: (action: PayloadAction<string>) => adminApi.deleteFeature(action.payload),
  succeeded: (_answer, action) => dashboardActions.deleteFeatureSucceeded(action.payload),
  failed: () => dashboardActions.deleteFeatureFailed(),
  failure: 'Could not delete the feature image',
  success: () => ['Feature image deleted'],
});

export function* dashboardSaga(): SagaIterator {
  yield all([
    takeLatest(dashboardActions.fetchDashboard.type, fetchDashboardSaga),
    takeEvery(dashboardActions.addFeature.type, addFeatureSaga),
    takeEvery(dashboardActions.deleteFeature.type, deleteFeatureSaga),
  ]);
}
