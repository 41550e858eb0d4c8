import { media } from '@pharmacy/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { SCROLL_TOP_THRESHOLD } from '../config';
import { outlined } from '../styles';

const Floating = styled.button`
  position: fixed;
  right: 0.75rem;
  bottom: 0.75rem; /* phones have no floating chat button */
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  ${media.md} {
    right: 1.25rem;
    bottom: 4.75rem; /* above the chat button */
    width: 3rem;
    height: 3rem;
  }
  ${outlined}
  border-radius: ${({ theme }) => theme.radii.full};
  color: ${({ theme }) => theme.colors.brandStronger};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

/** docs/product.md#layout: appears once the page is scrolled past 500 px and smooth-scrolls back to the top. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <Floating type="button" aria-label="Scroll to top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </Floating>
  );
}
