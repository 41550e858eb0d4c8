import { Toaster } from '@pharmacy/ui';
import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useHeadingFocus } from './headingFocus';
import { PageScroll } from './PageScroll';
import styled from 'styled-components';

const Main = styled.main`
  display: block;
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

/**
 * /admin is its own screen: the whole width for the admin remote's layout (its sidebar, its top bar with the way
 * back to the shop), and none of the shop's header, footer or floating buttons, which are for shoppers. The one
 * <main> holds the remote's whole layout, as it did inside the shop's layout.
 */
export function AdminFrame() {
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <>
      <Main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </Main>
      <PageScroll />
      {/* the admin remote's top bar is its own: staff's toasts float (docs/product.md#toasts) */}
      <Toaster />
    </>
  );
}
