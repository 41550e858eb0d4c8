import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put, takeLatest } from 'redux-saga/effects';
import type { StaffUser } from '@pharmacy/contracts';
import { adminApi } from '../api';
import { request } from '../state/request';
import { recognitionActions } from './slice';
import { termsToCheck } from './terms';

// No toast on failure: the terms stay on screen with a note that they could not be checked.
const recogniseSaga = request({
  run: (action: PayloadAction<string[]>, signal) => adminApi.recogniseTerms(action.payload, signal),
  succeeded: (answer, action) => recognitionActions.recogniseSucceeded({ terms: action.payload, answer }),
  failed: (_error, action) => recognitionActions.recogniseFailed(action.payload),
});

/**
 * Staff see which of a user's allergies and conditions the medicine knowledge table does not know. A role without
 * health.read is sent neither (docs/domain.md#health-data): nothing to check, and the saga it runs under lives on.
 */
export function* recogniseProfile({ payload: user }: PayloadAction<StaffUser>): SagaIterator {
  yield put(recognitionActions.recognise(termsToCheck([...(user.allergies ?? []), ...(user.healthConditions ?? [])])));
}

export function* recognitionSaga(): SagaIterator {
  yield takeLatest(recognitionActions.recognise.type, function* (action: PayloadAction<string[]>): SagaIterator {
    if (action.payload.length > 0) yield* recogniseSaga(action);
  });
}
