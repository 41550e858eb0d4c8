import { runSaga, stdChannel, type RunSagaOptions, type Task } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { getToastState, resetToasts } from '@pharmacy/ui';
import { request } from '../src/state/request';

/** Runs one request saga against a recording store; `emit` sends an action into the saga's channel. */
function start<A>(saga: (action: A) => Generator, action: A) {
  const channel = stdChannel<UnknownAction>();
  const dispatched: UnknownAction[] = [];
  // runSaga's typing cannot follow a saga generic in its action; this is the one call the tests make.
  const run = runSaga as unknown as (options: RunSagaOptions<UnknownAction, object>, saga: (action: A) => Generator, action: A) => Task;
  const task = run({ channel, dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => ({}) }, saga, action);
  return { dispatched, task, emit: (a: UnknownAction) => channel.put(a) };
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

afterEach(() => resetToasts());

describe('request: one staff action as a saga', () => {
  it('puts what the call answered and says so when the action deserves a toast', async () => {
    const saga = request({
      run: (id: string) => Promise.resolve({ id, name: 'Plasters' }),
      succeeded: (item) => ({ type: 'ok', payload: item }),
      failed: () => ({ type: 'failed' }),
      failure: 'Could not load',
      success: (item) => ['Loaded', item.name],
    });
    const { dispatched, task } = start(saga, 'p-1');
    await task.toPromise();
    expect(dispatched).toEqual([{ type: 'ok', payload: { id: 'p-1', name: 'Plasters' } }]);
    expect(getToastState().toasts.map((t) => [t.title, t.description])).toEqual([['Loaded', 'Plasters']]);
  });

  it('puts the failure and shows a destructive toast with the server’s reason', async () => {
    const saga = request({
      run: () => Promise.reject(new Error('The catalog is down')),
      succeeded: () => ({ type: 'ok' }),
      failed: (error) => ({ type: 'failed', payload: (error as Error).message }),
      failure: 'Could not load',
    });
    const { dispatched, task } = start(saga, undefined);
    await task.toPromise();
    expect(dispatched).toEqual([{ type: 'failed', payload: 'The catalog is down' }]);
    expect(getToastState().toasts.map((t) => [t.title, t.description, t.variant])).toEqual([['Could not load', 'The catalog is down', 'destructive']]);
  });

  it('shows no toast for a failure the screen shows itself (no failure title)', async () => {
    const saga = request({ run: () => Promise.reject(new Error('nope')), succeeded: () => ({ type: 'ok' }), failed: () => ({ type: 'failed' }) });
    const { dispatched, task } = start(saga, undefined);
    await task.toPromise();
    expect(dispatched).toEqual([{ type: 'failed' }]);
    expect(getToastState().toasts).toEqual([]);
  });

  it('lets a reset win the race: the answer is dropped and the call is aborted', async () => {
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    const saga = request({
      run: (_id: string, s) => {
        signal = s;
        return answer.promise;
      },
      succeeded: (details) => ({ type: 'ok', payload: details }),
      failed: () => ({ type: 'failed' }),
      until: 'reset',
    });
    const { dispatched, task, emit } = start(saga, 'u-1');
    emit({ type: 'reset' });
    answer.resolve('late details');
    await task.toPromise();
    expect(dispatched).toEqual([]);
    expect(signal?.aborted).toBe(true);
  });
});
