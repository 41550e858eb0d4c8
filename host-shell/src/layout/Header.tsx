import { HiddenOnPhone, Toaster, ToastSlot, media } from '@pharmacy/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { SITE_TITLE } from '../config';
import { headerButton } from '../styles';
import { remoteWidget } from '../remotes';
import { AccountMenu } from './AccountMenu';
import { ChatLink } from './ChatButton';

// Header widgets come from their remotes; if one fails the header still works (nothing / a plain link).
const SearchBox = remoteWidget('catalog/SearchBox');
const CartBadge = remoteWidget('cartCheckout/CartBadge', { fallback: <Link to="/cart">Cart</Link> });

export const NAV_LINKS = [
  { to: '/pharmacy/products', label: 'Products' },
  { to: '/pharmacy', label: 'Pharmacy' },
  { to: '/care', label: 'Care' },
  { to: '/our-story', label: 'Our story' },
] as const;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * One row at every width. Below lg the links and the account are in the menu row it opens; from lg up everything
 * stands in the row. The DOM order is the order on screen (no CSS `order`), so Tab follows what the eye reads.
 */
const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 0.5rem 0.75rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.5rem;
  ${media.md} {
    padding: 0.5rem 1rem;
    gap: 0.5rem 1rem;
  }
  ${media.lg} {
    flex-wrap: nowrap;
  }
`;

/**
 * The logo (and from lg up the main links): where toasts appear, in the bar, so they never sit over the page
 * (docs/product.md#toasts). It takes the row's free room below lg, a wider place for the toast.
 */
const Brand = styled(ToastSlot)`
  /* a basis of 0: the row is never wrapped for its sake, it takes what the buttons leave */
  flex: 1 1 0;
  min-width: 0;
  display: flex;
  align-items: center;
  ${media.lg} {
    flex: 0 1 auto;
  }
`;

const Logo = styled(Link)`
  /* one line that never pushes the buttons onto a second row, however narrow the phone */
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brandStronger};
  text-decoration: none;
  white-space: nowrap;
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const IconButton = styled.button`
  ${headerButton}
  flex: none;
  justify-content: center;
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0 0.625rem;
  ${media.md} {
    min-height: 2.5rem;
  }
`;

/** The phone's search and menu buttons: each goes from the width where what it opens is always in the row. */
const BarToggle = styled(IconButton)<{ $hideFrom: 'md' | 'lg' }>`
  ${({ $hideFrom }) => media[$hideFrom]} {
    display: none;
  }
`;

/**
 * Phones: an overlay row under the header bar, opened by the search button (the page under it does not move).
 * From md up: the field in the row. The box of the search field (40.4 px) is reserved while the catalog remote
 * loads it, so nothing jumps when it arrives.
 */
const Search = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  padding: 0.5rem 0.75rem 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.md};
  min-height: 2.55rem;
  ${media.md} {
    display: block;
    position: static;
    flex: 0 1 18rem;
    min-width: 0;
    padding: 0;
    border: 0;
    box-shadow: none;
    background: none;
  }
  ${media.lg} {
    flex: 1 1 12rem;
  }
`;

const Cart = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  justify-content: center;
  /* the cart badge's box (icon and count, a 44 px touch target) is reserved while its remote loads */
  min-width: 3.25rem;
  min-height: 2.75rem;
  ${media.md} {
    min-width: 5.5rem;
  }
`;

const Collapsible = styled.div<{ $open: boolean }>`
  flex: 1 1 100%;
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: 0.75rem;
  padding: 0.5rem 0 0.75rem;
  /* from lg up the account joins the row, last (the links are in the bar's own nav) */
  ${media.lg} {
    display: contents;
  }
`;

const links = css`
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
  }
  a {
    display: inline-block;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover,
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.brandStrong};
    text-decoration: underline;
  }
`;

/** The main links in the bar, beside the logo: from lg up. */
const BarNav = styled.nav`
  ${links}
  display: none;
  flex: none;
  margin-left: 1rem;
  ${media.lg} {
    display: block;
  }
  ul {
    gap: 1rem;
  }
  a {
    padding: 0.375rem 0;
  }
`;

/** The same links in the menu row, below lg. */
const MenuNav = styled.nav`
  ${links}
  ${media.lg} {
    display: none;
  }
  ul {
    flex-direction: column;
    gap: 0.25rem;
  }
  a {
    padding: 0.5rem 0;
  }
`;

const AccountSlot = styled.div`
  ${media.lg} {
    flex: none;
  }
`;

/** Phones only: the chat link lives in the menu, where it covers nothing (wider screens have the floating one). */
const MenuChat = styled.div`
  ${media.md} {
    display: none;
  }
`;

/** The main links: two places (bar, menu row), one shown at a time, so each sits in the tab order where it is seen. */
function MainLinks() {
  return (
    <ul>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';

function SearchIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d={CLOSE_PATH} />
      ) : (
        <>
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5 21 21" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d={open ? CLOSE_PATH : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}

/**
 * Phones: one row (logo, search button, cart badge, menu button) at most 64 px tall; the search opens in an overlay
 * row and the links in the menu. From md the search field is in the row; from lg the links and the account too.
 */
export function Header() {
  // the search row and the menu overlap on a phone, so at most one is open
  const [opened, setOpened] = useState<'search' | 'menu' | null>(null);
  const open = opened === 'menu';
  const searchOpen = opened === 'search';
  const toggle = (part: 'search' | 'menu') => setOpened((current) => (current === part ? null : part));
  const searchBox = useRef<HTMLDivElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpened(null), [pathname]);

  // the field is already mounted (loaded with the page): opening the row puts the cursor in it
  useEffect(() => {
    if (searchOpen) searchBox.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [searchOpen]);

  const closeSearch = (returnFocus: boolean) => {
    setOpened(null);
    if (returnFocus) searchToggle.current?.focus();
  };

  return (
    <Bar>
      <Inner>
        <Brand>
          <Logo to="/" aria-label={`${SITE_TITLE}, home`}>
            {SITE_TITLE}
          </Logo>
          <BarNav aria-label="Main">
            <MainLinks />
          </BarNav>
          <Toaster placement="bar" />
        </Brand>
        <BarToggle
          ref={searchToggle}
          type="button"
          $hideFrom="md"
          aria-label={searchOpen ? 'Close search' : 'Search'}
          aria-expanded={searchOpen}
          aria-controls="site-search"
          onClick={() => toggle('search')}
        >
          <SearchIcon open={searchOpen} />
        </BarToggle>
        <Search
          id="site-search"
          ref={searchBox}
          $open={searchOpen}
          // Escape leaves the phone's search row (the field's own Escape closes its suggestions first)
          onKeyDown={(event) => {
            if (event.key === 'Escape' && searchOpen && !event.defaultPrevented) closeSearch(true);
          }}
        >
          <SearchBox onNavigate={() => closeSearch(false)} />
        </Search>
        <Cart>
          <CartBadge />
        </Cart>
        <BarToggle type="button" $hideFrom="lg" aria-expanded={open} aria-controls="site-menu" onClick={() => toggle('menu')}>
          <MenuIcon open={open} />
          <HiddenOnPhone>Menu</HiddenOnPhone>
        </BarToggle>
        <Collapsible id="site-menu" $open={open}>
          <MenuNav aria-label="Main">
            <MainLinks />
          </MenuNav>
          <AccountSlot>
            <AccountMenu />
          </AccountSlot>
          <MenuChat>
            <ChatLink />
          </MenuChat>
        </Collapsible>
      </Inner>
    </Bar>
  );
}
