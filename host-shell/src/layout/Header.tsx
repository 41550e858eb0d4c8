import { media } from '@pharmacy/ui';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_TITLE } from '../config';
import { headerButton } from '../styles';
import { remoteWidget } from '../remotes';
import { AccountMenu } from './AccountMenu';

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

const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 0.5rem 1rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
`;

const Logo = styled(Link)`
  order: 0;
  margin-right: auto;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brandStronger};
  text-decoration: none;
  white-space: nowrap;
  ${media.md} {
    margin-right: 0;
  }
`;

const Search = styled.div`
  order: 4;
  flex: 1 1 100%;
  min-width: 0;
  /* at least the search box's height (40.4 px), reserved while the catalog remote loads it: nothing jumps */
  min-height: 2.55rem;
  ${media.md} {
    order: 2;
    flex: 1 1 12rem;
  }
`;

const Cart = styled.div`
  order: 1;
  display: flex;
  align-items: center;
  /* the cart badge's height (a 44 px touch target), reserved while its remote loads */
  min-height: 2.75rem;
  ${media.md} {
    order: 3;
  }
`;

const Toggle = styled.button`
  ${headerButton}
  order: 2;
  ${media.md} {
    display: none;
  }
`;

const Collapsible = styled.div<{ $open: boolean }>`
  order: 5;
  flex: 1 1 100%;
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: 0.75rem;
  padding: 0.5rem 0 0.75rem;
  /* on wide screens its children join the header row (nav after the logo, account last) */
  ${media.md} {
    display: contents;
  }
`;

const Nav = styled.nav`
  ${media.md} {
    order: 1;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    ${media.md} {
      flex-direction: row;
      gap: 1rem;
    }
  }
  a {
    display: inline-block;
    padding: 0.375rem 0;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    text-decoration: none;
  }
  a:hover,
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.brandStrong};
    text-decoration: underline;
  }
`;

const AccountSlot = styled.div`
  ${media.md} {
    order: 4;
  }
`;

export function Header() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label={`${SITE_TITLE}, home`}>
          {SITE_TITLE}
        </Logo>
        <Search>
          <SearchBox onNavigate={() => setOpen(false)} />
        </Search>
        <Cart>
          <CartBadge />
        </Cart>
        <Toggle type="button" aria-expanded={open} aria-controls="site-menu" onClick={() => setOpen((o) => !o)}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
          Menu
        </Toggle>
        <Collapsible id="site-menu" $open={open}>
          <Nav aria-label="Main">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Nav>
          <AccountSlot>
            <AccountMenu />
          </AccountSlot>
        </Collapsible>
      </Inner>
    </Bar>
  );
}
