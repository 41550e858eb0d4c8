import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fakeRemoteModule, renderApp } from './harness';
import { failedRemoteModule } from '../src/remotes/fallbackPlugin';
import { clearRemoteCache } from '../src/remotes/RemoteSlot';
import { UNAVAILABLE_TITLE } from '../src/remotes/RemoteUnavailable';
import { AUTO_RETRY_MS, useRetryWhenBack } from '../src/remotes/retryWhenBack';

// docs/product.md#layout: a page whose code cannot be fetched (the connection dropped) is shown as "temporarily
// unavailable" inside the layout, never a white window; Retry and the connection's return bring it back.

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

/**
 * The host pages whose chunk cannot be fetched now: a failing import() is what the browser's ChunkLoadError is. Once
 * a page has loaded it stays loaded (as in the browser), so each test below breaks a page of its own.
 */
const down = new Set<string>();
const chunk = (page: string) => {
  if (down.has(page)) throw Object.assign(new Error(`Loading chunk page-${page} failed.`), { name: 'ChunkLoadError' });
  return jest.requireActual(`../src/pages/${page}`);
};
jest.mock('../src/pages/OurStory', () => chunk('OurStory'));
jest.mock('../src/pages/Partners', () => chunk('Partners'));
jest.mock('../src/pages/Care', () => chunk('Care'));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
beforeEach(() => {
  clearRemoteCache();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id) as never);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  down.clear();
  jest.restoreAllMocks();
});

const unavailable = () => screen.findByRole('heading', { name: UNAVAILABLE_TITLE }, { timeout: 5000 });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe("a host page whose code cannot be fetched", () => {
  it('shows "temporarily unavailable" inside the layout, header and footer kept, and Retry loads it', async () => {
    down.add('OurStory');
    renderApp('/our-story');
    expect(await unavailable()).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pharmacy & Care, home/ })).toBeInTheDocument();

    down.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await heading('Our story')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: UNAVAILABLE_TITLE })).not.toBeInTheDocument();
  });

  it('comes back by itself when the browser is online again', async () => {
    down.add('Partners');
    renderApp('/partners');
    await unavailable();
    down.clear();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await heading('Our partners')).toBeInTheDocument();
  });

  it('is asked for again on the next visit, and the other pages work meanwhile', async () => {
    down.add('Care');
    const { router } = renderApp('/care');
    await unavailable();
    await act(() => router.navigate('/'));
    expect(await heading('Your pharmacy, delivered with care')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: UNAVAILABLE_TITLE })).not.toBeInTheDocument();
    down.clear();
    await act(() => router.navigate('/care'));
    expect(await heading('Care advice')).toBeInTheDocument();
  });
});

describe("a remote page whose code cannot be fetched", () => {
  it('comes back by itself when the browser is online again', async () => {
    let down = true;
    loadRemoteMock.mockImplementation(async (id: string) => (id === 'cartCheckout/CartPage' && down ? failedRemoteModule : fakeRemoteModule(id)) as never);
    renderApp('/cart');
    await unavailable();
    down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('remote:cartCheckout/CartPage')).toBeInTheDocument();
  });
});

describe('the retry while the shop is away', () => {
  function Probe({ retry }: { retry?: () => void }) {
    useRetryWhenBack(retry);
    return null;
  }
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`tries every ${AUTO_RETRY_MS} ms while online, at once when the browser comes back online, and not at all once it stops`, () => {
    const retry = jest.fn();
    const probe = render(<Probe retry={retry} />);
    jest.advanceTimersByTime(AUTO_RETRY_MS - 1);
    expect(retry).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);

    // no connection at all: nothing to try until it is back
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    jest.advanceTimersByTime(AUTO_RETRY_MS * 3);
    expect(retry).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(2);

    probe.rerender(<Probe />);
    jest.advanceTimersByTime(AUTO_RETRY_MS * 3);
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(2);
  });
});
