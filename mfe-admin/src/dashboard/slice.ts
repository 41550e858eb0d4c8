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
  statsLoading: false,
  lowStock: [],
  lowStockLoading: false,
  features: [],
  featuresLoading: false,
  addingFeature: false,
  deletingFeature: null,
};

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
    fetchStatsSucceeded(state, action: PayloadAction<OrderStats>) {
      state.stats = action.payload;
      state.statsLoading = false;
    },
    fetchStatsFailed(state) {
      state.stats = null;
      state.statsLoading = false;
    },
    fetchLowStockSucceeded(state, action: PayloadAction<Product[]>) {
      state.lowStock = action.payload;
      state.lowStockLoading = false;
    },
    fetchLowStockFailed(state) {
      state.lowStock = [];
      state.lowStockLoading = false;
    },
    fetchFeaturesSucceeded(state, action: PayloadAction<Feature[]>) {
      state.features = action.payload;
      state.featuresLoading = false;
    },
    fetchFeaturesFailed(state) {
      state.features = [];
      state.featuresLoading = false;
    },
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
