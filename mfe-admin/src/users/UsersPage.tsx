import { useEffect, useId, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  Button,
  EmptyState,
  Input,
  PageTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  VisuallyHidden,
  th,
  visuallyHiddenCss,
} from '@pharmacy/ui';
import { useAdminSelector } from '../state/module';
import { selectUsers } from '../state/selectors';
import { textOrDash } from '../format';
import { filterUsers, sortNewestFirst } from './filterUsers';
import { usersActions } from './slice';
import { UserDetailsDialog } from './UserDetailsDialog';
import { Center, Mono } from '../styles';

const Toolbar = styled.div`
  margin-bottom: ${th((t) => t.space(4))};
  max-width: 24rem;
`;

const HiddenLabel = styled.label`
  ${visuallyHiddenCss}
`;

/** The admin Users screen (docs/product.md#admin-panel). */
export function UsersPage() {
  const dispatch = useDispatch();
  const { list, loading, details, detailsLoading } = useAdminSelector(selectUsers);
  const [term, setTerm] = useState('');
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    dispatch(usersActions.fetchUsers());
    // Leaving the screen with the dialog open must not keep a user's details around.
    return () => {
      dispatch(usersActions.resetUserDetails());
    };
  }, [dispatch]);

  const sorted = useMemo(() => sortNewestFirst(list), [list]);
  // No debounce (docs/product.md#interface-constants): the table follows every keystroke.
  const rows = useMemo(() => filterUsers(sorted, term), [sorted, term]);

  const openDetails = (id: string) => {
    setOpenUserId(id);
    dispatch(usersActions.fetchUserDetails(id));
  };
  const closeDetails = () => {
    setOpenUserId(null);
    dispatch(usersActions.resetUserDetails());
  };

  return (
    <section>
      <PageTitle>All Users</PageTitle>
      <Toolbar>
        <HiddenLabel htmlFor={searchId}>Search user by first, last or full name</HiddenLabel>
        <Input
          id={searchId}
          type="search"
          placeholder="Search user..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          autoComplete="off"
        />
      </Toolbar>
      {loading && list.length === 0 ? (
        <Center $roomy>
          <Spinner size={40} label="Loading users" />
        </Center>
      ) : rows.length === 0 ? (
        <EmptyState message="No users found" />
      ) : (
        <Table aria-label="Users" aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell scope="col">#</TableHeaderCell>
              <TableHeaderCell scope="col">User ID</TableHeaderCell>
              <TableHeaderCell scope="col">First Name</TableHeaderCell>
              <TableHeaderCell scope="col">Last Name</TableHeaderCell>
              <TableHeaderCell scope="col">Email</TableHeaderCell>
              <TableHeaderCell scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((user, index) => (
              <TableRow key={user._id}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>
                  <Mono>{user._id}</Mono>
                </TableCell>
                <TableCell>{textOrDash(user.firstName)}</TableCell>
                <TableCell>{textOrDash(user.lastName)}</TableCell>
                <TableCell>{textOrDash(user.email)}</TableCell>
                <TableCell>
                  <Button size="sm" variant="secondary" onClick={() => openDetails(user._id)}>
                    View Details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <UserDetailsDialog open={openUserId !== null} user={details} loading={detailsLoading} onClose={closeDetails} />
    </section>
  );
}
