import { screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { Route } from 'react-router-dom';
import { selectAuth, useAppSelector } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { act } from 'react';
import { renderWithStore, setViewportWidth, shopper } from '../src';

function Who() {
  const { user } = useAppSelector(selectAuth);
  return <p>{user ? `Signed in as ${user.firstName}` : 'Signed out'}</p>;
}

describe('renderWithStore', () => {
  it('mounts the page at its path in the host store, signed in as the given user', () => {
    const { store } = renderWithStore(<Who />, { path: '/profile', user: shopper });
    expect(screen.getByText('Signed in as Ada')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(store.getState().session.currentUser).toEqual(shopper);
  });

  it('sends a signed-out visitor of a signed-in-only page to /sign-in', () => {
    renderWithStore(<Who />, { path: '/profile', signedInOnly: true });
    expect(screen.getByText('Another page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sign-in$/);
  });

  it('shows routes beside the page, the query in the location, and toasts', async () => {
    renderWithStore(<Link to="/pharmacy/product/p1?from=home">Open</Link>, {
      path: '/home',
      url: '/home?tab=new',
      routes: <Route path="/pharmacy/product/:productId" element={<p>product page</p>} />,
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/home?tab=new');
    await act(async () => screen.getByRole('link', { name: 'Open' }).click());
    expect(screen.getByText('product page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/pharmacy/product/p1?from=home');
    act(() => toast({ title: 'Saved' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('answers media queries for the viewport it is given', () => {
    setViewportWidth(375);
    expect(window.matchMedia('(max-width: 640px)').matches).toBe(true);
    setViewportWidth(1280);
    expect(window.matchMedia('(max-width: 640px)').matches).toBe(false);
    expect(window.matchMedia('(min-width: 1024px) and (max-width: 1400px)').matches).toBe(true);
  });
});
