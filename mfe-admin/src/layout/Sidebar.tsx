import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { Button, th } from '@pharmacy/ui';

const Title = styled.h2`
  margin: 0;
  padding: ${th((t) => t.space(5))} ${th((t) => t.space(5))} ${th((t) => t.space(4))};
  font-size: ${th((t) => t.fontSizes.xl)};
  font-weight: ${th((t) => t.fontWeights.bold)};
  color: ${th((t) => t.colors.brandStronger)};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${th((t) => t.space(3))};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(1))};
`;

const Link = styled(NavLink)`
  display: block;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.text)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  text-decoration: none;
  &:hover { background: ${th((t) => t.colors.surfaceMuted)}; }
  &.active {
    background: ${th((t) => t.colors.brandSubtle)};
    color: ${th((t) => t.colors.brandStronger)};
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
  &:focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 1px; }
`;

const SignOutRow = styled.div`
  padding: ${th((t) => t.space(4))} ${th((t) => t.space(3))};
`;

/** docs/product.md#admin-panel: the sidebar entries, in order. Paths are relative to /admin. */
export const ADMIN_ENTRIES = [
  { to: 'dashboard', label: 'Dashboard' },
  { to: 'products', label: 'Products' },
  { to: 'orders', label: 'Orders' },
  { to: 'users', label: 'Users' },
] as const;

export interface SidebarProps {
  titleId: string;
  onNavigate?: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

export function Sidebar({ titleId, onNavigate, onSignOut, signingOut }: SidebarProps) {
  return (
    <>
      <Title id={titleId}>Admin Panel</Title>
      <nav aria-labelledby={titleId}>
        <List>
          {ADMIN_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} onClick={onNavigate}>
                {entry.label}
              </Link>
            </li>
          ))}
        </List>
      </nav>
      <SignOutRow>
        <Button variant="ghost" fullWidth onClick={onSignOut} loading={signingOut} loadingLabel="Signing out">
          Sign Out
        </Button>
      </SignOutRow>
    </>
  );
}
