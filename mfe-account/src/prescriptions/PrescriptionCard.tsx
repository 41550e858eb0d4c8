import { useState } from 'react';
import styled from 'styled-components';
import {
  PRESCRIPTION_STANDING_LABELS,
  formatDate,
  prescriptionLastDay,
  type PrescriptionSource,
  type PrescriptionStanding,
  type ShopperPrescription,
} from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Badge, Button, Card, MutedText, VisuallyHidden, th, toast, type BadgeVariant } from '@pharmacy/ui';
import { accountQueries } from '../queries';
import { prescriptionFileUrl } from './api';
import { ItemReminder } from './ItemReminder';

const SOURCE: Record<PrescriptionSource, string> = {
  paper: 'Photo or PDF of a paper prescription',
  electronic: 'Electronic prescription',
  repeat: 'Repeat request',
};
const VARIANT: Record<PrescriptionStanding, BadgeVariant> = {
  awaiting_check: 'warning',
  verified: 'success',
  rejected: 'danger',
  expired: 'neutral',
  used_up: 'neutral',
};

const Box = styled(Card)`
  padding: ${th((t) => t.space(4))};
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: ${th((t) => t.fontSizes.lg)};
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space(2))};
`;
const Said = styled.p<{ $tone: 'refusal' | 'note' }>`
  margin: ${th((t) => t.space(3))} 0 0;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  border-left: 3px solid ${(p) => th((t) => (p.$tone === 'refusal' ? t.colors.warning : t.colors.border))(p)};
  background: ${(p) => th((t) => (p.$tone === 'refusal' ? t.colors.warningSubtle : t.colors.surfaceMuted))(p)};
`;
const Items = styled.ul`
  list-style: none;
  margin: ${th((t) => t.space(3))} 0 0;
  padding: 0;
  > li {
    padding: ${th((t) => t.space(3))} 0;
    border-top: 1px solid ${th((t) => t.colors.border)};
  }
  h3 {
    margin: 0 0 ${th((t) => t.space(1))};
    font-size: ${th((t) => t.fontSizes.md)};
  }
  p {
    margin: 0;
  }
`;
const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(4))};
  margin: ${th((t) => t.space(2))} 0 0;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(3))};
  a {
    min-height: 2.75rem;
    display: inline-flex;
    align-items: center;
  }
`;
const Problem = styled.p`
  margin: ${th((t) => t.space(2))} 0 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

const repeatsLeft = (p: ShopperPrescription) => p.items.some((i) => i.repeatsUsed < i.repeatsAllowed);

/** One prescription as its owner sees it: where it stands, what it allows, and what they can do with it next. */
export function PrescriptionCard({ prescription: p }: { prescription: ShopperPrescription }) {
  const [requestRepeat, { isLoading: requesting }] = accountQueries.useRequestRepeatMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `prescription-${p._id}`;
  const usable = p.standing === 'verified';

  async function repeat() {
    setProblem(null);
    try {
      await requestRepeat(p._id).unwrap();
      toast({ title: 'Repeat requested', description: 'A pharmacist will check it; we email you when it is ready to order.' });
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  }

  return (
    <Box as="article" aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{p.forProduct ? `${SOURCE[p.source]}: ${p.forProduct.title}` : SOURCE[p.source]}</h2>
        <Badge variant={VARIANT[p.standing]}>{PRESCRIPTION_STANDING_LABELS[p.standing]}</Badge>
      </Head>
      <Facts>
        <span>Added {formatDate(p.createdAt)}</span>
        {p.token && <span>Token {p.token}</span>}
        {p.prescriber && <span>Prescriber: {p.prescriber.name}</span>}
        {p.writtenOn && <span>Written {formatDate(p.writtenOn)}</span>}
        {p.expiresOn && (
          <span>
            {p.standing === 'expired' ? 'Expired' : 'Use by'} {formatDate(p.standing === 'expired' ? p.expiresOn : prescriptionLastDay(p.expiresOn))}
          </span>
        )}
      </Facts>
      {p.refusal && p.standing !== 'awaiting_check' && <Said $tone="refusal">{p.refusal}</Said>}
      {p.standing === 'awaiting_check' && (
        <Said $tone="note">{p.refusal ?? 'A pharmacist will check it. We email you as soon as it is checked.'}</Said>
      )}
      {p.pharmacistNote && (
        <Said $tone="note">
          <strong>{p.status === 'rejected' ? 'Reason: ' : "Pharmacist's note: "}</strong>
          {p.pharmacistNote}
        </Said>
      )}
      {p.items.length > 0 && (
        <Items aria-label="Medicines on this prescription">
          {p.items.map((item) => (
            <li key={item.id}>
              <h3>{item.title}</h3>
              <p>{item.directions}</p>
              <Facts>
                <span>
                  {item.quantityLeft} of {item.quantity} left
                </span>
                <span>Repeats left: {Math.max(0, item.repeatsAllowed - item.repeatsUsed)}</span>
              </Facts>
              {usable && <ItemReminder prescriptionId={p._id} item={item} />}
            </li>
          ))}
        </Items>
      )}
      <Actions>
        {p.hasFile && (
          <a href={prescriptionFileUrl(p._id)} target="_blank" rel="noopener noreferrer">
            View your prescription<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        )}
        {usable && repeatsLeft(p) && (
          <Button variant="secondary" loading={requesting} loadingLabel="Requesting a repeat" onClick={() => void repeat()}>
            Request a repeat
          </Button>
        )}
        {usable && !repeatsLeft(p) && p.items.some((i) => i.repeatsAllowed > 0) && <MutedText>No repeats left on this prescription.</MutedText>}
      </Actions>
      {problem && <Problem role="alert">{problem}</Problem>}
    </Box>
  );
}
