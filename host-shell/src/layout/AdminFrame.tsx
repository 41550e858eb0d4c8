import { Outlet } from 'react-router-dom';
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
  return (
    <>
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <PageScroll />
    </>
  );
}
