import { Outlet } from 'react-router-dom';
import { useReturnHere } from '../auth/useReturnHere';

/** Every shop page inside the layout. Account forms opened from a page learn where to return. */
export function PageFrame() {
  useReturnHere();
  return <Outlet />;
}
