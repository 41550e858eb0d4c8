import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useHeadingFocus } from './headingFocus';

const Main = styled.main`
  display: block;
  /* a page that is still loading (a spinner) keeps what follows below the fold, so it does not jump down later */
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

/** The frame's one <main> (the skip link's target): the route's page, its heading focused after each navigation. */
export function MainOutlet({ className }: { className?: string }) {
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <Main id="main" tabIndex={-1} ref={main} className={className}>
      <Outlet />
    </Main>
  );
}
