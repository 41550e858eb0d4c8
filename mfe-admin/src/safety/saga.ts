import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { takeLatest } from 'redux-saga/effects';
import { adminApi } from '../api';
import { request } from '../state/request';
import { recognitionActions } from './slice';

// No toast on failure: the terms stay on screen with a note that they could not be checked.
const recogniseSaga = request({
  run: (action: PayloadAction<string[]>, signal) => adminApi.recogniseTerms(action.payload, signal),
  succeeded: (answer, action) => recognitionActions.recogniseSucceeded({ terms: action.payload, answer }),
  failed: (_error, action) => recognitionActions.recogniseFailed(action.payload),
});

export function* recognitionSaga(): SagaIterator {
  yield takeLatest(recognitionActions.recognise.type, function* (action: PayloadAction<string[]>): SagaIterator {
    if (action.payload.length > 0) yield* recogniseSaga(action);
  });
}
