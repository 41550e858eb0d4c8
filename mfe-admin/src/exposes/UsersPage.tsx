import type { AdminExposes } from '@pharmacy/contracts';
import { UsersPage } from '../users/UsersPage';
import { exposedScreen } from './screen';

// /admin/users
export default exposedScreen(UsersPage, 'users.view', 'All Users') satisfies AdminExposes['./UsersPage']['default'];
