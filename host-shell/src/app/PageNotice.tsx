import styled from 'styled-components';

/** A calm line above the page (a page that was not found, a shop that cannot be reached): said once, never a toast. */
export const PageNotice = styled.p`
  margin: 0 0 1rem;
  padding: 0.75rem 1rem;
  border-left: 4px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  &:empty {
    display: none;
  }
`;
