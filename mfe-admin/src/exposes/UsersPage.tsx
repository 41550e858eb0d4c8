import type { AdminExposes } from '@pharmacy/contracts';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';
import { UsersPage as Users } from '../users/UsersPage';

// /admin/users: injects the admin slice and saga into the host store before the screen selects from it.
function UsersPage() {
  useAdminModule();
  return (
    <ForRole permission="users.view" title="All Users">
      <Users />
    </ForRole>
  );
}

export default UsersPage satisfies AdminExposes['./UsersPage']['default'];
