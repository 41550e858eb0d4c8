import styled from 'styled-components';
import type { StaffPrescription } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';
import { dateTimeOrDash } from '../format';
import { Fact, Facts, H3, H4, Section } from '../orders/parts';
import { dobWithAge } from '../orders/ReviewSection';

const Bullets = styled.ul`
  margin: 0;
  padding-left: ${th((t) => t.space(5))};
  overflow-wrap: anywhere;
`;

const Part = styled.div`
  margin-top: ${th((t) => t.space(4))};
`;

const Muted = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const list = (terms: string[]) => (terms.length ? terms.join(', ') : 'None recorded');

/** The medicine a warning is about, by name: it may be on the form, the electronic prescription or where it was added from. */
export function productTitle(p: StaffPrescription, productId: string): string | null {
  return (
    p.items.find((i) => i.productId === productId)?.title ??
    p.eprescription?.items.find((i) => i.productId === productId)?.title ??
    (p.forProduct?.productId === productId ? p.forProduct.title : null)
  );
}

/** Who the prescription is for: the shopper's health profile (its read is audited) and their earlier prescriptions and orders. */
export function PatientPanel({ prescription }: { prescription: StaffPrescription }) {
  const { shopper, health, history } = prescription;
  return (
    <Section aria-labelledby="rx-patient-heading">
      <H3 id="rx-patient-heading">Shopper</H3>
      <Facts>
        <Fact label="Name" value={shopper.name} />
        <Fact label="Email" value={shopper.email} />
        <Fact label="Date of birth" value={dobWithAge(health.DOB)} />
        <Fact label="Allergies" value={list(health.allergies)} />
        <Fact label="Health conditions" value={list(health.healthConditions)} />
      </Facts>
      <Part>
        <H4 id="rx-history-heading">History</H4>
        {history.length ? (
          <Bullets aria-labelledby="rx-history-heading">
            {history.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`}>
                {dateTimeOrDash(entry.at)}, {entry.kind === 'order' ? 'order' : 'prescription'}: {entry.summary}
              </li>
            ))}
          </Bullets>
        ) : (
          <Muted>No earlier prescriptions or orders of prescription medicines.</Muted>
        )}
      </Part>
    </Section>
  );
}
