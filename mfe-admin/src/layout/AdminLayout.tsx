import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Button, breakpoints, th } from '@pharmacy/ui';
import { Drawer } from './Drawer';
import { Sidebar } from './Sidebar';
import { useMediaQuery } from './useMediaQuery';
import { useSignOut } from './useSignOut';

/** The whole screen (the host renders /admin alone): the sidebar runs to the bottom however short the page. */
const Shell = styled.div`
  display: flex;
  min-height: 100vh;
  background: ${th((t) => t.colors.background)};
`;

/** 64 spacing units (16rem) wide (docs/product.md#admin-panel). */
const Aside = styled.aside`
  flex: none;
  width: ${th((t) => t.space(64))};
  border-right: 1px solid ${th((t) => t.colors.border)};
  background: ${th((t) => t.colors.surface)};
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

/**
 * The admin's own header, the only one on the screen (the host renders /admin without the shop's): on a phone the
 * menu, the panel's name, the way back to the shop and Sign Out in one 60 px row; beside the sidebar only the way back.
 */
const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${th((t) => t.zIndices.header)};
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  min-height: 3.75rem;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  border-bottom: 1px solid ${th((t) => t.colors.border)};
  background: ${th((t) => t.colors.surface)};
  @media (min-width: ${breakpoints.md}px) {
    position: static;
    justify-content: flex-end;
    padding: ${th((t) => t.space(2))} ${th((t) => t.space(8))};
  }
`;

const BarTitle = styled.span`
  flex: 1;
  min-width: 0;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space(1))};
  min-height: 2.75rem;
  padding: 0 ${th((t) => t.space(2))};
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.brandStronger)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  text-decoration: none;
  white-space: nowrap;
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 1px; }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.surface)};
  color: ${th((t) => t.colors.text)};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 1px; }
`;

const BackIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M10 3L5 8l5 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const CloseRow = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(2))} 0;
`;

const Content = styled.div`
  flex: 1;
  min-width: 0;
  padding: ${th((t) => t.space(6))} ${th((t) => t.space(4))};
  @media (min-width: ${breakpoints.md}px) {
    padding: ${th((t) => t.space(8))};
  }
`;

const MenuIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * /admin: the "Admin Panel" sidebar and the child route in <Outlet/>. Below the md breakpoint the sidebar
 * becomes a slide-out drawer behind a menu button (docs/product.md#admin-panel).
 */
export function AdminLayout() {
  const wide = useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { signOut, signingOut } = useSignOut();
  const titleId = useId();
  const drawerId = useId();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  // Growing past the breakpoint turns the drawer into the static sidebar; do not leave it "open" behind.
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  return (
    <Shell>
      {wide && (
        <Aside>
          <Sidebar titleId={titleId} onSignOut={signOut} signingOut={signingOut} />
        </Aside>
      )}
      {/* While the drawer is open the rest of the screen is inert: one set of controls for keyboards and screen readers. */}
      <Column inert={drawerOpen || undefined}>
        <TopBar>
          {!wide && (
            <MenuButton
              ref={menuButtonRef}
              type="button"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-controls={drawerOpen ? drawerId : undefined}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </MenuButton>
          )}
          {/* Short on a phone: the row also holds the way back and Sign Out, and the page's own title says where you are. */}
          {!wide && <BarTitle>Admin</BarTitle>}
          {/* "Shop" on a phone where the row is short of room; its name always says where it goes. */}
          <BackLink to="/" aria-label="Back to shop">
            <BackIcon />
            {wide ? 'Back to shop' : 'Shop'}
          </BackLink>
          {!wide && (
            <Button variant="ghost" size="sm" onClick={signOut} loading={signingOut} loadingLabel="Signing out">
              Sign Out
            </Button>
          )}
        </TopBar>
        <Content>
          <Outlet />
        </Content>
      </Column>
      {!wide && drawerOpen && (
        <Drawer id={drawerId} label="Admin Panel" onClose={closeDrawer} returnFocusRef={menuButtonRef}>
          <CloseRow>
            <MenuButton type="button" aria-label="Close menu" onClick={closeDrawer}>
              <span aria-hidden="true">×</span>
            </MenuButton>
          </CloseRow>
          <Sidebar titleId={titleId} onNavigate={closeDrawer} onSignOut={signOut} signingOut={signingOut} />
        </Drawer>
      )}
    </Shell>
  );
}
