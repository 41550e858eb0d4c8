import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Feature, OrderStats, Product } from '@pharmacy/contracts';

export interface DashboardState {
  stats: OrderStats | null;
  statsLoading: boolean;
  lowStock: Product[];
  lowStockLoading: boolean;
  features: Feature[];
  featuresLoading: boolean;
  /** A feature image being saved after its upload. */
  addingFeature: boolean;
  deletingFeature: string | null;
}

export const initialDashboardState: DashboardState = {
  stats: null,
  // loading from the start: the page's first paint, before its fetch is sent, shows the figures coming, not failed
  statsLoading: true,
  lowStock: [],
  lowStockLoading: false,
  features: [],
  featuresLoading: false,
  addingFeature: false,
  deletingFeature: null,
};

type Part = 'stats' | 'lowStock' | 'features';

/** One part of the dashboard, loaded on its own: a failure shows it empty while the others still show. */
function part<K extends Part>(key: K, empty: DashboardState[K]) {
  const loading = `${key}Loading` as const;
  return {
    succeeded(state: DashboardState, action: PayloadAction<NonNullable<DashboardState[K]>>) {
      Object.assign(state, { [key]: action.payload, [loading]: false });
    },
    failed(state: DashboardState) {
      Object.assign(state, { [key]: empty, [loading]: false });
    },
  };
}
const stats = part('stats', null);
const lowStock = part('lowStock', []);
const features = part('features', []);

const dashboardSlice = createSlice({
  name: 'admin/dashboard',
  initialState: initialDashboardState,
  reducers: {
    /** Loads the figures, the low-stock products and the feature images; each part fails on its own. */
    fetchDashboard(state) {
      state.statsLoading = true;
      state.lowStockLoading = true;
      state.featuresLoading = true;
    },
    fetchStatsSucceeded: stats.succeeded,
    fetchStatsFailed: stats.failed,
    fetchLowStockSucceeded: lowStock.succeeded,
    fetchLowStockFailed: lowStock.failed,
    fetchFeaturesSucceeded: features.succeeded,
    fetchFeaturesFailed: features.failed,
    /** `image` is the uploaded media's URL path. */
    addFeature(state, _action: PayloadAction<string>) {
      state.addingFeature = true;
    },
    addFeatureSucceeded(state, action: PayloadAction<Feature>) {
      state.addingFeature = false;
      state.features.push(action.payload);
    },
    addFeatureFailed(state) {
      state.addingFeature = false;
    },
    deleteFeature(state, action: PayloadAction<string>) {
      state.deletingFeature = action.payload;
    },
    deleteFeatureSucceeded(state, action: PayloadAction<string>) {
      state.deletingFeature = null;
      state.features = state.features.filter((f) => f._id !== action.payload);
    },
    deleteFeatureFailed(state) {
      state.deletingFeature = null;
    },
  },
});

export const dashboardActions = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
