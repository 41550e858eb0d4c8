import { PageTitle, media, useDocumentHead } from '@pharmacy/ui';
import { useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { surfaceBox } from '../styles';


/** A content page uses the layout's whole width; only running text keeps a readable line length. */
export const Article = styled.article`
  h2 {
    margin: 0 0 0.75rem;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    line-height: 1.25;
  }
  h3 {
    margin: 0 0 0.5rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.text};
    max-width: 46rem;
  }
  ul {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: 0.375rem;
  }
`;

/** The page's opening: heading and lead beside the picture (picture under the words on a phone). */
const Hero = styled.header`
  display: grid;
  align-items: center;
  gap: 0.5rem 2rem;
  padding: 1.25rem 1.25rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.brandSubtle}, #ffffff 70%);
  ${media.md} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    padding: 2.5rem;
  }
  h1 {
    margin-bottom: 0.75rem;
  }
`;

const HeroArt = styled.div`
  justify-self: center;
  svg {
    display: block;
    max-width: 100%;
    height: auto;
    max-height: 9rem;
    ${media.md} {
      max-height: none;
    }
  }
`;

export const Lead = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted} !important;
`;

/** A band of the page (untitled where its cards or columns carry the headings). */
export const Section = styled.section`
  margin-top: 2.5rem;
`;

interface Titled {
  /** The heading's id: it names the landmark for screen readers. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** A band of the page named by its heading. */
export function TitledSection({ id, title, children }: Titled) {
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

/** Cards side by side: one column on a phone, two from sm, three from lg when there are enough. */
export const CardGrid = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: 1rem;
  grid-template-columns: 1fr;
  margin: 1rem 0;
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: ${({ $wide }) => ($wide ? 'repeat(3, minmax(0, 1fr))' : 'repeat(2, minmax(0, 1fr))')};
  }
`;

/** Two columns from md up (a text and its aside), stacked on a phone. */
export const Columns = styled.div`
  display: grid;
  gap: 1.5rem 2.5rem;
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Card = styled.section`
  ${surfaceBox}
  padding: 1.25rem;
  h2,
  h3 {
    margin-top: 0;
  }
  p:last-child,
  ul:last-child {
    margin-bottom: 0;
  }
`;

/** A titled band of cards (three across from lg when `wide`). */
export function CardSection({ id, title, wide, children }: Titled & { wide?: boolean }) {
  return (
    <TitledSection id={id} title={title}>
      <CardGrid $wide={wide}>{children}</CardGrid>
    </TitledSection>
  );
}

/**
 * A card named by its heading: an h3 under a titled section, an h2 where the card stands for itself. `article` where
 * its name is also a section's (two landmarks with one name cannot be told apart).
 */
export function InfoCard({ id, title, level = 3, as, children }: Titled & { level?: 2 | 3; as?: 'article' }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card as={as} aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </Card>
  );
}

export const Notice = styled.aside`
  margin: 1.5rem 0;
  padding: 1rem 1.25rem;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSubtle};
  border-radius: ${({ theme }) => theme.radii.md};
  p {
    margin: 0;
  }
`;

export interface ContentPageProps {
  /** The page's heading and document title. */
  title: string;
  /** The meta description search engines show. */
  description: string;
  /** The one-sentence summary under the heading. */
  lead: ReactNode;
  /** The hero's picture (see ./art). */
  art: ReactNode;
  children: ReactNode;
}

/** A content page: a hero (heading, lead, picture), the meta description, then its sections across the width. */
export function ContentPage({ title, description, lead, art, children }: ContentPageProps) {
  useDocumentHead({ description, canonicalPath: useLocation().pathname });
  return (
    <Article>
      <Hero>
        <div>
          <PageTitle>{title}</PageTitle>
          <Lead>{lead}</Lead>
        </div>
        <HeroArt>{art}</HeroArt>
      </Hero>
      {children}
    </Article>
  );
}
