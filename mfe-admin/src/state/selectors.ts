import type { SessionRootState } from '@pharmacy/session';
import type { AdminState } from './module';

export type AdminRootState = SessionRootState & { admin: AdminState };

export const selectAdmin = (state: AdminRootState): AdminState => state.admin;
export const selectUsers = (state: AdminRootState) => state.admin.users;
export const selectOrders = (state: AdminRootState) => state.admin.orders;
export const selectProducts = (state: AdminRootState) => state.admin.products;
export const selectDashboard = (state: AdminRootState) => state.admin.dashboard;
export const selectRecognition = (state: AdminRootState) => state.admin.recognition;
