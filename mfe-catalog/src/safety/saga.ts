import { all, call, debounce, fork, put, select, take } from 'redux-saga/effects';
import { catalogApi, type SafetyList } from '../lib/api';
import { safetyActions, selectProfileKey, selectSafety, type SafetyState } from './slice';

/** The most ids one check takes (SafetyCheckBody's maxItems). */
const CHECK_MAX_IDS = 100;
/** Pages and widgets that mount together ask within this time and share one call. */
const GATHER_MS = 10;

/** Sends every queued id, at most CHECK_MAX_IDS a call (a page of cards is one call). */
function* sendQueued(): Generator<unknown, void, never> {
  const state: SafetyState = yield select(selectSafety);
  const profileKey = state.profileKey;
  if (profileKey === null || state.queued.length === 0) return;
  const batches: string[][] = [];
  for (let i = 0; i < state.queued.length; i += CHECK_MAX_IDS) batches.push(state.queued.slice(i, i + CHECK_MAX_IDS));
  yield put(safetyActions.sent({ productIds: state.queued }));
  yield all(batches.map((asked) => call(check, profileKey, asked)));
}

function* check(profileKey: string, asked: string[]): Generator<unknown, void, never> {
  try {
    const answer: SafetyList = yield call(catalogApi.safetyCheck, asked);
    yield put(safetyActions.answered({ profileKey, asked, items: answer.items }));
  } catch {
    // the server checks again when the product is added and ordered; the page says this one is unchecked
    yield put(safetyActions.checkFailed({ profileKey, asked }));
  }
}

/** Follows who is signed in and their health profile: a change drops the old answers and asks again at once. */
function* watchProfile(): Generator<unknown, void, never> {
  for (;;) {
    const key: string | null | undefined = yield select(selectProfileKey);
    const state: SafetyState = yield select(selectSafety);
    if (key !== undefined && key !== state.profileKey) {
      yield put(safetyActions.profileChanged({ profileKey: key }));
      yield* sendQueued();
    }
    yield take('*');
  }
}

export function* safetySaga(): Generator<unknown, void, never> {
  yield all([fork(watchProfile), debounce(GATHER_MS, safetyActions.requested.type, sendQueued)]);
}
