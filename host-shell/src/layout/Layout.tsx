import { media } from '@pharmacy/ui';
import styled from 'styled-components';
import { MainOutlet } from './MainOutlet';
import { PageScroll } from './PageScroll';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTopButton } from './ScrollToTopButton';

const SkipLink = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -4rem;
  z-index: ${({ theme }) => theme.zIndices.toast};
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandStrong};
  color: ${({ theme }) => theme.colors.onBrand};
  &:focus {
    top: 0.5rem;
  }
`;

const Main = styled(MainOutlet)`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1rem 0.75rem 0;
  ${media.md} {
    padding: 1.5rem 1rem 0;
  }
`;

/**
 * The shop's frame: header, footer, floating buttons and the page outlet; a remote failing inside <main> leaves the
 * rest working. (The admin has its own frame, AdminFrame.)
 */
export function Layout() {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main />
      <Footer />
      {/* a landmark, so a screen-reader user finds the floating buttons like the rest of the page */}
      <aside aria-label="Quick help">
        <ScrollToTopButton />
        <ChatButton />
      </aside>
      <PageScroll />
    </>
  );
}
