import { useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  registrationNumberProblem,
  type StaffRole,
  type StaffUser,
} from '@pharmacy/contracts';
import { useCan } from '@pharmacy/session';
import { Button, ChoiceGroup, Field, Input, MutedText, th } from '@pharmacy/ui';
import { notForYourRole } from '../ForRole';
import { useAdminSelector } from '../state/module';
import { selectUsers } from '../state/selectors';
import { usersActions } from './slice';

const Section = styled.section`
  margin-top: ${th((t) => t.space(6))};
  padding-top: ${th((t) => t.space(4))};
  border-top: 1px solid ${th((t) => t.colors.border)};
  h3 { margin: 0 0 ${th((t) => t.space(3))}; font-size: ${th((t) => t.fontSizes.md)}; }
`;

const Role = styled.label`
  align-items: flex-start !important;
  span { display: block; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(3))};
`;

const Refusal = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

/** What each role may do, in words (docs/product.md#staff-roles). */
const mayDo = (role: StaffRole) =>
  role === 'admin' ? 'Everything, including granting and removing staff roles.' : ROLE_PERMISSIONS[role].map((p) => PERMISSIONS[p]).join('; ') + '.';

const sameRoles = (a: readonly StaffRole[], b: readonly StaffRole[]) => a.length === b.length && a.every((role) => b.includes(role));

/**
 * "Staff roles" in User Details: an administrator ticks and unticks a member of staff's roles and saves them; anyone
 * else reads them. A pharmacist also has their GPhC registration number here.
 */
export function StaffRolesEditor({ user }: { user: Pick<StaffUser, "_id" | "firstName" | "lastName" | "roles" | "registrationNumber"> }) {
  const dispatch = useDispatch();
  const canManage = useCan('staff.manage');
  const { rolesSave } = useAdminSelector(selectUsers);
  const [roles, setRoles] = useState<StaffRole[]>(user.roles ?? []);
  const [number, setNumber] = useState(user.registrationNumber ?? '');

  if (!canManage) {
    return (
      <Section aria-labelledby="staff-roles-heading">
        <h3 id="staff-roles-heading">Staff roles</h3>
        <p>{user.roles.length ? user.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ') : 'None: not a member of staff.'}</p>
        {user.roles.includes('pharmacist') && user.registrationNumber && <p>GPhC registration number: {user.registrationNumber}</p>}
        <MutedText>{notForYourRole('staff.manage')}</MutedText>
      </Section>
    );
  }

  const pharmacist = roles.includes('pharmacist');
  const numberProblem = pharmacist ? registrationNumberProblem(number) : null;
  const unchanged = sameRoles(roles, user.roles ?? []) && (!pharmacist || number.trim() === (user.registrationNumber ?? ''));
  const saving = rolesSave.status === 'saving';
  const edited = () => dispatch(usersActions.editStaffRoles());
  const toggle = (role: StaffRole) => {
    setRoles((current) => (current.includes(role) ? current.filter((r) => r !== role) : STAFF_ROLES.filter((r) => r === role || current.includes(r))));
    edited();
  };
  const save = () =>
    dispatch(
      usersActions.saveStaffRoles({
        id: user._id,
        body: { roles, ...(pharmacist ? { registrationNumber: number.trim() || null } : {}) },
      }),
    );

  return (
    <Section aria-labelledby="staff-roles-heading">
      <h3 id="staff-roles-heading">Staff roles</h3>
      <ChoiceGroup>
        <legend>Roles of {user.firstName || 'this user'}</legend>
        {STAFF_ROLES.map((role) => (
          <Role key={role}>
            <input type="checkbox" checked={roles.includes(role)} onChange={() => toggle(role)} disabled={saving} />
            <span>
              <strong>{STAFF_ROLE_LABELS[role]}</strong>
              <MutedText as="span">{mayDo(role)}</MutedText>
            </span>
          </Role>
        ))}
      </ChoiceGroup>
      {pharmacist && (
        <Field label="GPhC registration number" hint="7 digits, as on the register." error={numberProblem}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={number}
            disabled={saving}
            onChange={(event) => {
              setNumber(event.target.value);
              edited();
            }}
          />
        </Field>
      )}
      <Actions>
        <Button onClick={save} loading={saving} loadingLabel="Saving roles" disabled={unchanged || numberProblem !== null}>
          Save roles
        </Button>
        <span role="status">{saving ? 'Saving…' : rolesSave.status === 'saved' ? 'Roles saved' : ''}</span>
      </Actions>
      {rolesSave.status === 'failed' && rolesSave.error && <Refusal role="alert">{rolesSave.error}</Refusal>}
    </Section>
  );
}
