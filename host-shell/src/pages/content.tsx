import { PageTitle, media } from '@pharmacy/ui';
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { surfaceBox } from '../styles';

/** Sets the page's meta description (titles come from PageTitle); the previous one is restored on leave. */
export function useMetaDescription(description: string) {
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}

/** Long-form text pages: readable line length, spaced sections. */
export const Article = styled.article`
  max-width: 48rem;
  h2 {
    margin: 2rem 0 0.75rem;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    line-height: 1.25;
  }
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.text};
  }
  ul {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: 0.375rem;
  }
`;

export const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted} !important;
  margin: -0.75rem 0 1.5rem;
`;

export const CardGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: 1fr;
  margin: 1rem 0;
  ${media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

export const InfoCard = styled.section`
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
  lead: string;
  children: ReactNode;
}

/** A long-form content page: heading, lead, meta description, then its sections. */
export function ContentPage({ title, description, lead, children }: ContentPageProps) {
  useMetaDescription(description);
  return (
    <Article>
      <PageTitle>{title}</PageTitle>
      <Lead>{lead}</Lead>
      {children}
    </Article>
  );
}
