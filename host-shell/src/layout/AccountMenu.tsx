import { selectAuth, selectAuthNotice, selectCurrentUser, selectIsAdmin, useAppSelector, useSignOut } from '@pharmacy/session';
import { UserIcon, media, toast } from '@pharmacy/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { headerButton } from '../styles';

export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'Profile' },
  { to: '/my-orders', label: 'My orders' },
  { to: '/prescriptions', label: 'My prescriptions' },
  { to: '/address', label: 'Addresses' },
  { to: '/change-password', label: 'Change password' },
  { to: '/need-help', label: 'Need help' },
  { to: '/suggest-idea', label: 'Suggest an idea' },
] as const;

const Links = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  a {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const SignUp = styled(Link)`
  padding: 0.375rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandStrong};
  color: ${({ theme }) => theme.colors.onBrand} !important;
  text-decoration: none;
`;

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  ${headerButton}
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Panel = styled.ul`
  margin: 0.25rem 0 0;
  padding: 0.375rem;
  list-style: none;
  min-width: 13rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  /* a drop-down from lg up, where the account is in the header row; inside the menu row below */
  ${media.lg} {
    position: absolute;
    right: 0;
    top: 100%;
    z-index: ${({ theme }) => theme.zIndices.drawer};
  }
  a,
  button {
    display: block;
    width: 100%;
    padding: 0.5rem 0.75rem;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  li + li.separated {
    margin-top: 0.25rem;
    padding-top: 0.25rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Signed out: Sign in / Sign up. Signed in: a disclosure with the account pages, Admin for admins, Sign out. */
export function AccountMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const auth = useAppSelector(selectAuth);
  const currentUser = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  const [open, setOpen] = useState(false);
  // docs/product.md#guards: sign-out success returns to /; a refusal or error keeps the user signed in and says why
  const { signOut, signingOut } = useSignOut({
    onSignedOut: () => {
      setOpen(false);
      navigate('/');
    },
    onFailed: (message) => toast({ variant: 'destructive', title: 'Sign-out failed', description: message }),
  });
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const user = auth.isAuthenticated ? (auth.user ?? currentUser) : null;

  // The account service is down and the sign-in was confirmed from the session alone: say so once (every guarded
  // route checks again), and again only after it has been back.
  const notice = useAppSelector(selectAuthNotice);
  const toldNotice = useRef<string | null>(null);
  useEffect(() => {
    if (notice && toldNotice.current !== notice) toast({ title: 'Account details unavailable', description: notice });
    toldNotice.current = notice;
  }, [notice]);

  useEffect(() => setOpen(false), [pathname]);

  // close on Escape and on a click elsewhere
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);


  if (!user) {
    return (
      <Links>
        <Link to="/sign-in">Sign in</Link>
        <SignUp to="/signup">Sign up</SignUp>
      </Links>
    );
  }

  return (
    <Wrapper ref={wrapper}>
      <Trigger type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <UserIcon />
        <span>{user.firstName || 'Account'}</span>
        <span aria-hidden="true">▾</span>
      </Trigger>
      {open && (
        <Panel id={panelId} aria-label="Account">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          {isAdmin && (
            <li className="separated">
              <Link to="/admin">Admin</Link>
            </li>
          )}
          <li className="separated">
            <button type="button" onClick={signOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </Panel>
      )}
    </Wrapper>
  );
}
