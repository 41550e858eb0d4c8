import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { apiData, getErrorMessage } from '../src/api';
import { fromCall, type ShopQueryError } from '../src/query';
import { createAppStore, useInjectModule } from '../src/store';
import { fail, fakeApi, networkError, ok, type FakeReply } from '../../test-kit/src/session-free';

// docs/architecture.md#reading-server-data: a remote's RTK Query api, injected into the host's store at run time,
// reads through the shop's client (envelope, errors) and keeps the answer and the failure in the store.

const pharmacies = createApi({
  reducerPath: 'pharmaciesTest',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  endpoints: (build) => ({
    pharmacies: build.query<string[], void>({ queryFn: fromCall((_: void, signal) => apiData.get<string[]>('/api/test/pharmacies', { signal })) }),
  }),
});

function Pharmacies() {
  useInjectModule({ key: pharmacies.reducerPath, reducer: pharmacies.reducer, middleware: pharmacies.middleware });
  const { data, error, isLoading } = pharmacies.usePharmaciesQuery();
  if (isLoading) return <p>Loading</p>;
  return error ? <p role="alert">{getErrorMessage(error)}</p> : <ul>{data?.map((name) => <li key={name}>{name}</li>)}</ul>;
}

function renderTwice(answer: () => FakeReply) {
  const { calls } = fakeApi(answer);
  const store = createAppStore();
  render(
    <StrictMode>
      <Provider store={store}>
        <Pharmacies />
        <Pharmacies />
      </Provider>
    </StrictMode>,
  );
  return { calls, store };
}

describe('a remote reading with RTK Query in the host store', () => {
  it('injects its reducer and middleware on first render; two views asking at once share one request', async () => {
    const { calls, store } = renderTwice(() => ok(['Camden', 'Leeds']));
    expect(await screen.findAllByText('Camden')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/api/test/pharmacies')).toHaveLength(1);
    expect(store.hasReducer(pharmacies.reducerPath)).toBe(true);
  });

  it("keeps the server's message for a refusal, as the view shows it", async () => {
    const { store } = renderTwice(() => fail(503, 'The pharmacy list is unavailable right now.', 'UNAVAILABLE'));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('The pharmacy list is unavailable right now.');
    const entry = Object.values((store.getState() as unknown as Record<string, { queries: Record<string, { error?: unknown }> }>)[pharmacies.reducerPath].queries)[0];
    expect(entry.error).toEqual({ status: 503, code: 'UNAVAILABLE', message: 'The pharmacy list is unavailable right now.' });
  });

  it('says the shop cannot be reached when there is no connection', async () => {
    renderTwice(() => networkError());
    await waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent(/could not reach/i));
  });
});
