import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@pharmacy/ui';
import { SUPPORT_CHAT_NUMBER } from '../src/config';
import { fakeRemoteModule, renderApp, signedInAs } from './harness';
import { shopper, staff } from '@pharmacy/test-kit';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

beforeEach(() => {
  (loadRemote as jest.Mock).mockImplementation(async (id: string) => fakeRemoteModule(id));
});

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

/** jsdom applies no media queries, so the header renders its small-screen form: open the menu first. */
async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
}

describe('scroll-to-top button (500 px)', () => {
  it('appears only once the page is scrolled past 500 px and smooth-scrolls to the top', async () => {
    renderApp('/our-story');
    await screen.findByRole('heading', { level: 1, name: 'Our story' });
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollTo(500);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollTo(501);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(120);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });
});

describe('chat button', () => {
  it('opens a messaging link to the support number without ever showing the number', async () => {
    renderApp('/');
    // on a phone the link is in the menu, where it covers no card (from md up it floats bottom right)
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    await openMenu();
    const link = await screen.findByRole('link', { name: 'Chat with us' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`https://wa.me/${SUPPORT_CHAT_NUMBER}?text=`));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.body.textContent).not.toContain(SUPPORT_CHAT_NUMBER);
    expect(link.getAttribute('title') ?? '').not.toContain(SUPPORT_CHAT_NUMBER);
  });
});

describe('account menu', () => {
  it('offers Sign in and Sign up to a visitor', async () => {
    renderApp('/');
    await openMenu();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows the first name and the account pages, without Admin, to a shopper', async () => {
    renderApp('/', signedInAs(shopper));
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Ada/ }));
    const panel = screen.getByRole('list', { name: 'Account' });
    for (const name of ['Profile', 'My orders', 'My prescriptions', 'Addresses', 'Change password', 'Need help', 'Suggest an idea']) {
      expect(within(panel).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: 'My prescriptions' })).toHaveAttribute('href', '/prescriptions');
    expect(within(panel).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows Admin to an admin', async () => {
    renderApp('/', signedInAs(staff));
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Grace/ }));
    expect(within(screen.getByRole('list', { name: 'Account' })).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('signs out and returns to /', async () => {
    const { router } = renderApp('/care', {
      ...signedInAs(shopper),
      'POST /api/auth/logout': { status: 200, body: { success: true, message: 'Signed out' } },
    });
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Ada/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signs out from a guarded page and lands on /, not on /sign-in', async () => {
    const { router } = renderApp('/profile', {
      ...signedInAs(shopper),
      'POST /api/auth/logout': { status: 200, body: { success: true, message: 'Signed out' } },
    });
    await screen.findByText('remote:account/ProfilePage');
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Ada/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('remote:account/SignInPage')).not.toBeInTheDocument();
  });

  it('stays signed in and says why when sign-out is refused', async () => {
    const { router } = renderApp('/care', {
      ...signedInAs(shopper),
      'POST /api/auth/logout': { status: 200, body: { success: false, message: 'Session store unavailable', code: 'UNAVAILABLE' } },
    });
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Ada/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session store unavailable')).toBeInTheDocument();
    expect(screen.getByText('Sign-out failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/care');
    expect(screen.getByRole('button', { name: /Ada/ })).toBeInTheDocument();
  });
});

describe('account service down (check-auth answered from the session token)', () => {
  const notice = 'Your account details are temporarily unavailable. You are still signed in; please try again in a moment.';
  const identity = { _id: shopper._id, admin: false, firstName: 'Ada' };

  it('keeps the shopper signed in on a guarded page, greets them by name and says why details are missing', async () => {
    renderApp('/profile', { 'GET /api/auth/check-auth': { status: 200, body: { success: true, user: identity, data: identity, degraded: true, message: notice } } });
    expect(await screen.findByText('remote:account/ProfilePage')).toBeInTheDocument();
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByText('Account details unavailable')).toBeInTheDocument();
    await openMenu();
    expect(await screen.findByRole('button', { name: /Ada/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('header on a phone (jsdom applies no media queries: the small-screen form)', () => {
  it('holds the logo, a search button, the cart badge and the menu button in one row; the search field is closed', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    await within(header).findByText('remote:cartCheckout/CartBadge');
    expect(within(header).getByRole('link', { name: 'Pharmacy & Care, home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(header).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    // the search widget is loaded with the page (so it opens at once) but hidden until asked for
    expect(within(header).getByText('remote:catalog/SearchBox')).not.toBeVisible();
  });

  it('opens the search from its button, closes it with Escape and gives the focus back', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    const toggle = within(header).getByRole('button', { name: 'Search' });
    const search = await within(header).findByText('remote:catalog/SearchBox');
    fireEvent.click(toggle);
    expect(search).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close search');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(search).not.toBeVisible();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAccessibleName('Search');
  });

  it('opening the menu closes the search, and a new page closes both', async () => {
    const { router } = renderApp('/');
    const header = await screen.findByRole('banner');
    const search = await within(header).findByText('remote:catalog/SearchBox');
    fireEvent.click(within(header).getByRole('button', { name: 'Search' }));
    await openMenu();
    expect(search).not.toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await act(() => router.navigate('/care'));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('draws toasts in the header bar, in the place of the logo, never over the page', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    const region = within(header).getByRole('region', { name: 'Notification (F8)' });
    expect(region).toHaveAttribute('data-toast-region', 'bar');
    // the slot the toast is drawn over holds the logo, which steps aside while a toast is there
    expect(region.parentElement).toContainElement(within(header).getByRole('link', { name: 'Pharmacy & Care, home' }));
    act(() => {
      toast({ title: 'Added to your cart', description: 'Vitamin C 500 mg' });
    });
    expect(await within(region).findByText('Added to your cart')).toBeInTheDocument();
    expect(within(region).getByText('Added to your cart').closest('[data-toast]')).not.toBeNull();
    expect(screen.getAllByRole('region', { name: /^Notification/ })).toHaveLength(1);
  });
});

describe('layout', () => {
  it('has a skip link to the main landmark and the main navigation', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    await openMenu();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Products', 'Pharmacy', 'Care', 'Our story']) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
  });

  it('collapses the menu behind a toggle that reports its state', async () => {
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
