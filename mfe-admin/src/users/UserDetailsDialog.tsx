import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { StaffUser } from '@pharmacy/contracts';
import { Spinner, th } from '@pharmacy/ui';
import { Dialog } from '@pharmacy/ui/dialog';
import { calendarDateOrDash, dateTimeOrDash, textOrDash } from '../format';
import { HealthTerms } from '../safety/HealthTerms';
import { Restricted } from '../safety/Restricted';
import type { RecognitionState } from '../safety/slice';
import { Center } from '../styles';
import { StaffRolesEditor } from './StaffRolesEditor';
import { SupplyOverrides } from './SupplyOverrides';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${th((t) => t.space(2))} ${th((t) => t.space(4))};
  margin: 0;
`;

const Term = styled.dt`
  font-weight: ${th((t) => t.fontWeights.semibold)};
  color: ${th((t) => t.colors.textMuted)};
`;

const Value = styled.dd`
  margin: 0;
  overflow-wrap: anywhere;
`;

/**
 * docs/product.md#admin-panel: the rows of the StaffUser Details dialog, in order; a missing value shows a dash. The
 * allergies and conditions mark each term the medicine knowledge table does not know; health data the server left out
 * for this role reads "Restricted".
 */
export function userDetailRows(user: StaffUser, recognition: RecognitionState): Array<[label: string, value: ReactNode]> {
  const name = [user.firstName, user.lastName].map((p) => p?.trim()).filter(Boolean).join(' ');
  return [
    ['ID', textOrDash(user._id)],
    ['Name', textOrDash(name)],
    ['Email', textOrDash(user.email)],
    ['Phone', textOrDash(user.phone)],
    ['DOB', user.DOB === undefined ? <Restricted /> : calendarDateOrDash(user.DOB)],
    ['Allergies', user.allergies ? <HealthTerms terms={user.allergies} recognition={recognition} /> : <Restricted />],
    ['Health Conditions', user.healthConditions ? <HealthTerms terms={user.healthConditions} recognition={recognition} /> : <Restricted />],
    ['Created At', dateTimeOrDash(user.createdAt)],
    ['Updated At', dateTimeOrDash(user.updatedAt)],
  ];
}

export interface UserDetailsDialogProps {
  open: boolean;
  user: StaffUser | null;
  loading: boolean;
  recognition: RecognitionState;
  onClose: () => void;
}

export function UserDetailsDialog({ open, user, loading, recognition, onClose }: UserDetailsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="User Details"
      description="All personal and account information"
    >
      {loading ? (
        <Center>
          <Spinner size={32} label="Loading user details" />
        </Center>
      ) : user ? (
        <>
          <List>
            {userDetailRows(user, recognition).map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <Term>{label}</Term>
                <Value>{value}</Value>
              </div>
            ))}
          </List>
          <StaffRolesEditor key={user._id} user={user} />
          <SupplyOverrides key={`supply-${user._id}`} userId={user._id} />
        </>
      ) : (
        <p>The details of this user could not be loaded.</p>
      )}
    </Dialog>
  );
}
