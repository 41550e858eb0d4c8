import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { StaffUser } from '@pharmacy/contracts';
import { viewDetailsColumn, type Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { SearchField } from '../SearchField';
import { useAdminSelector } from '../state/module';
import { selectRecognition, selectUsers } from '../state/selectors';
import { textOrDash } from '../format';
import { Mono } from '../styles';
import { useDetailsDialog } from '../useDetailsDialog';
import { usersActions } from './slice';
import { UserDetailsDialog } from './UserDetailsDialog';

/**
 * The admin Users screen (docs/product.md#admin-panel): newest first and found by name by the server, a page at a
 * time, so it stays as quick with thousands of users as with ten.
 */
export function UsersPage() {
  const dispatch = useDispatch();
  const { list, total, page, limit, q, loading, details, detailsLoading } = useAdminSelector(selectUsers);
  const recognition = useAdminSelector(selectRecognition);
  const [term, setTerm] = useState(q ?? '');
  const dialog = useDetailsDialog(usersActions.fetchUserDetails, usersActions.resetUserDetails);

  useEffect(() => {
    dispatch(usersActions.fetchUsers());
  }, [dispatch]);

  // No debounce (docs/product.md#interface-constants): every keystroke asks for the first page of its matches.
  const onSearch = (value: string) => {
    setTerm(value);
    dispatch(usersActions.fetchUsers({ q: value.trim() || null, page: 1 }));
  };

  const columns: Column<StaffUser>[] = [
    { header: '#', numeric: true, width: '3.5rem', card: 'none', cell: (_user, index) => (page - 1) * limit + index + 1 },
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
        <SearchField label="Search user by first, last or full name" placeholder="Search user..." value={term} onChange={onSearch} />
      }
      rows={list}
      columns={columns}
      loading={loading}
      emptyDescription={q ? `No user's name matches "${q}".` : undefined}
      paging={{ page, limit, total, onPage: (p) => dispatch(usersActions.fetchUsers({ page: p })) }}
    >
      <UserDetailsDialog open={dialog.openId !== null} user={details} loading={detailsLoading} recognition={recognition} onClose={dialog.close} />
    </ListPage>
  );
}
