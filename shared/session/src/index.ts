// Public API of @pharmacy/session (a federation singleton shared by the host and every remote).
export {
  api,
  apiData,
  apiList,
  unwrap,
  unwrapList,
  configureApi,
  ApiError,
  isApiError,
  isNoAnswer,
  getErrorMessage,
  NetworkErrorCodes,
  DEFAULT_TIMEOUT,
  REFRESH_PATH,
  onSessionRenewed,
} from './api';
export type { ApiResponse, ApiConfig, ListResult, RequestOptions, QueryValue } from './api';
export { uploadForm, type UploadOptions } from './upload';

export type { SessionUser, SessionState, AuthState, SignInCredentials, ProfileUpdate, RegisterForm, DeleteAccountRequest } from './types';
export { pickUser, pickDegradedUser } from './user';

export * from './sessionSlice';
export { authSlice, authReducer, initialAuthState, shopUnreachable } from './authSlice';
export { cartReplaced } from './shopEvents';
export { signInSuccess, sessionRenewed, updateUserSuccess, deleteUserSuccess, signOutSuccess, setUser, signedInUserAfter, leavesNobodySignedIn } from './sessionEvents';
export { checkAuth, register, UNREACHABLE_NOTICE } from './authThunks';
export type { AuthResult } from './authThunks';
export { sessionSaga, signInSaga, updateUserSaga, deleteUserSaga, signOutSaga } from './sagas';
export { selectSession, selectCurrentUser, selectAuth, selectIsAdmin, selectStaffRoles, selectCan, selectAuthNotice, selectUnreachable } from './selectors';
export { useCan } from './useCan';
export type { SessionRootState } from './selectors';

export { createAppStore, useAppDispatch, useAppSelector, useInjectModule, useInjectPageQueries } from './store';
export { fromCall, toQueryError, fromRenderedPage, readOf, type ShopQueryError, type Read } from './query';
export { useSignOut, type SignOutHandlers } from './useSignOut';
export { useSettled } from './useSettled';
export type { AppStore, RootState, AppDispatch, CreateAppStoreOptions, InjectModuleOptions, PageQueryApi } from './store';

export {
  SERVER_DATA_ELEMENT_ID,
  takeServerData,
  inlinedEntry,
  resetServerDataForTests,
} from './serverData';
export { MARKET_DATA_KEY, loadMarket, setMarket, useMarket } from './market';
export type { ServerDataEntry } from './serverData';
