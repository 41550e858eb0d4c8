import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentHead } from '../head';
import { th } from '../theme';

/** The site name appended to every document title. */
export const SITE_NAME = 'Pharmacy';

const H1 = styled.h1`
  margin: 0 0 ${th((t) => t.space(6))};
  font-size: ${th((t) => t.fontSizes['3xl'])};
  font-weight: ${th((t) => t.fontWeights.bold)};
  line-height: 1.2;
  color: ${th((t) => t.colors.text)};
`;

export interface PageTitleProps {
  children: ReactNode;
  /** The document title when the heading is not plain text (defaults to the heading's text). */
  documentTitle?: string;
  className?: string;
}

/** The page's one h1; also sets `document.title` to "<title> | Pharmacy" (SEO and screen-reader context). */
export function PageTitle({ children, documentTitle, className }: PageTitleProps) {
  const text = documentTitle ?? (typeof children === 'string' || typeof children === 'number' ? String(children) : '');
  useDocumentHead({ title: text ? `${text} | ${SITE_NAME}` : undefined });
  // tabindex -1: the layout moves focus here when the page opens (docs/product.md#layout)
  return (
    <H1 className={className} tabIndex={-1}>
      {children}
    </H1>
  );
}
