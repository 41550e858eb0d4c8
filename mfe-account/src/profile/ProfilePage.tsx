import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MISSING_VALUE, formatDate } from '@pharmacy/contracts';
import { selectAuth, selectCurrentUser, useAppSelector, type SessionUser } from '@pharmacy/session';
import { Button, Card, CardTitle, PageSpinner, PageTitle, media, th } from '@pharmacy/ui';
import { Actions, Narrow } from '../forms/layout';
import { ProfileForm } from './ProfileForm';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { HealthTermsList } from '../health/HealthTermsList';

const Details = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(4))};
  margin: 0 0 ${th((t) => t.space(5))};
  dt {
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
  dd {
    margin: 0 0 ${th((t) => t.space(3))};
    overflow-wrap: anywhere;
  }
  ${media.sm} {
    grid-template-columns: 12rem 1fr;
    dd { margin: 0; }
  }
`;

const Section = styled(Card)`
  margin-bottom: ${th((t) => t.space(6))};
  padding: ${th((t) => t.space(4))};
  ${media.sm} { padding: ${th((t) => t.space(6))}; }
`;

const Muted = styled.p`
  color: ${th((t) => t.colors.textMuted)};
  margin: 0 0 ${th((t) => t.space(4))};
`;

const dash = (value: string | null | undefined) => (value && value.trim() ? value : MISSING_VALUE);

function ProfileView({ user }: { user: SessionUser }) {
  return (
    <Details>
      <dt>Name</dt>
      <dd>{`${user.firstName} ${user.lastName}`}</dd>
      <dt>Email</dt>
      <dd>{user.email}</dd>
      <dt>Phone</dt>
      <dd>{dash(user.phone)}</dd>
      <dt>Date of birth</dt>
      <dd>{user.DOB ? <time dateTime={user.DOB}>{formatDate(user.DOB)}</time> : MISSING_VALUE}</dd>
      <dt>Allergies</dt>
      <dd>
        <HealthTermsList terms={user.allergies} label="Your allergies" />
      </dd>
      <dt>Health conditions</dt>
      <dd>
        <HealthTermsList terms={user.healthConditions} label="Your health conditions" />
      </dd>
    </Details>
  );
}

/** /profile: view, edit (all fields) and delete the account. */
export function ProfilePage() {
  const current = useAppSelector(selectCurrentUser);
  const auth = useAppSelector(selectAuth);
  const user = current ?? auth.user;
  const [editing, setEditing] = useState(false);

  if (!user) return <PageSpinner label="Loading your profile" />;

  return (
    <Narrow $wide>
      <PageTitle>My profile</PageTitle>
      <Section as="section" aria-labelledby="profile-details">
        <CardTitle id="profile-details">{editing ? 'Edit your details' : 'Your details'}</CardTitle>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <>
            <ProfileView user={user} />
            <Actions>
              <Button onClick={() => setEditing(true)}>Edit profile</Button>
              <Link to="/change-password">Change password</Link>
            </Actions>
          </>
        )}
      </Section>
      <Section as="section" aria-labelledby="profile-danger">
        <CardTitle id="profile-danger">Delete account</CardTitle>
        <Muted>Past orders stay in our pharmacy records; your profile, allergies and health conditions are removed.</Muted>
        <DeleteAccountDialog />
      </Section>
    </Narrow>
  );
}
