import { useEffect, useId, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { User } from '@pharmacy/contracts';
import { Input } from '@pharmacy/ui';
import { viewDetailsColumn, type Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { useAdminSelector } from '../state/module';
import { selectRecognition, selectUsers } from '../state/selectors';
import { textOrDash } from '../format';
import { HiddenLabel, Mono, Search } from '../styles';
import { useDetailsDialog } from '../useDetailsDialog';
import { filterUsers, sortNewestFirst } from './filterUsers';
import { usersActions } from './slice';
import { UserDetailsDialog } from './UserDetailsDialog';

/** The admin Users screen (docs/product.md#admin-panel). */
export function UsersPage() {
  const dispatch = useDispatch();
  const { list, loading, details, detailsLoading } = useAdminSelector(selectUsers);
  const recognition = useAdminSelector(selectRecognition);
  const [term, setTerm] = useState('');
  const dialog = useDetailsDialog(usersActions.fetchUserDetails, usersActions.resetUserDetails);
  const searchId = useId();

  useEffect(() => {
    dispatch(usersActions.fetchUsers());
  }, [dispatch]);

  const sorted = useMemo(() => sortNewestFirst(list), [list]);
  // No debounce (docs/product.md#interface-constants): the table follows every keystroke.
  const rows = useMemo(() => filterUsers(sorted, term), [sorted, term]);

  const columns: Column<User>[] = [
    { header: '#', numeric: true, width: '3.5rem', card: 'none', cell: (_user, index) => index + 1 },
    { header: 'User ID', cell: (user) => <Mono>{user._id}</Mono> },
    { header: 'First Name', cell: (user) => textOrDash(user.firstName) },
    { header: 'Last Name', cell: (user) => textOrDash(user.lastName) },
    { header: 'Email', card: 'title', cell: (user) => textOrDash(user.email) },
    viewDetailsColumn(dialog.open),
  ];

  return (
    <ListPage
      title="All Users"
      label="Users"
      toolbar={
        <Search>
          <HiddenLabel htmlFor={searchId}>Search user by first, last or full name</HiddenLabel>
          <Input id={searchId} type="search" placeholder="Search user..." value={term} onChange={(event) => setTerm(event.target.value)} autoComplete="off" />
        </Search>
      }
      rows={rows}
      columns={columns}
      loading={loading}
    >
      <UserDetailsDialog open={dialog.openId !== null} user={details} loading={detailsLoading} recognition={recognition} onClose={dialog.close} />
    </ListPage>
  );
}
