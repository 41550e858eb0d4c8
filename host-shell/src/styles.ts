import { css } from 'styled-components';

// Looks the host's own pieces share, so the header, the floating buttons and the content boxes stay alike.

/** A bordered surface: content cards, the home page's promises, the unavailable-section box. */
export const surfaceBox = css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A control drawn as an outline on the page's surface (menu buttons, scroll to top). */
export const outlined = css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
`;

/** The header's buttons (account menu, menu toggle): icon and words in a 40 px high target. */
export const headerButton = css`
  ${outlined}
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
`;
