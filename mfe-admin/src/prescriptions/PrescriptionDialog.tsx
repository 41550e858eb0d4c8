import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { PRESCRIPTION_SOURCE_LABELS, type StaffPrescription, type VerifyPrescriptionBody } from '@pharmacy/contracts';
import { readOf, useCan, type ShopQueryError } from '@pharmacy/session';
import { Dialog } from '@pharmacy/ui/dialog';
import { Button, Spinner, breakpoints, th } from '@pharmacy/ui';
import { dateTimeOrDash } from '../format';
import { RoleNote } from '../ForRole';
import { Sections } from '../orders/parts';
import { notifySuccess } from '../state/effects';
import { Center } from '../styles';
import { Acknowledge } from './Acknowledge';
import { DecisionRecord } from './DecisionRecord';
import { PatientPanel, productTitle } from './PatientPanel';
import { PrescriptionDocument } from './PrescriptionDocument';
import { AWAITING_FIRST_PAGE, prescriptionQueries, usePrescriptionQueries } from './queries';
import { Refusal, needsWarningsRead } from './Refusal';
import { RejectForm } from './RejectForm';
import { StandingBadge } from './StandingBadge';
import { VerifyForm } from './VerifyForm';
import { initialValues, withEPrescription, type VerifyValues } from './verifyForm';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(5))};
  h3:focus { outline: none; }
  h3:focus-visible { outline: 2px solid ${th((t) => t.colors.brandStrong)}; outline-offset: 2px; }
`;

const Warnings = styled.section`
  padding: ${th((t) => t.space(4))};
  border: 2px solid ${th((t) => t.colors.warning)};
  border-left-width: 6px;
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.warningSubtle)};
  h3 { margin: 0 0 ${th((t) => t.space(2))}; font-size: ${th((t) => t.fontSizes.lg)}; }
  ul { margin: 0 0 ${th((t) => t.space(3))}; padding-left: ${th((t) => t.space(5))}; }
`;

const Outcome = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
  padding: ${th((t) => t.space(4))};
  border: 1px solid ${th((t) => t.colors.success)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.successSubtle)};
  h3 { margin: 0; font-size: ${th((t) => t.fontSizes.lg)}; }
  p { margin: 0; }
  button { align-self: flex-start; }
`;

const Decide = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${th((t) => t.space(4))};
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: 2fr 1fr;
  }
`;

const Summary = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  margin: 0;
`;

type Outcome = 'verified' | 'rejected';

/** The warnings a shopper's profile raises for these medicines, to be read (and ticked) before approving. */
function SafetyWarnings({ prescription, acknowledged, onAcknowledge }: { prescription: StaffPrescription; acknowledged: boolean; onAcknowledge?: (yes: boolean) => void }) {
  return (
    <Warnings aria-labelledby="rx-warnings-heading">
      <h3 id="rx-warnings-heading">Safety warnings</h3>
      <ul>
        {prescription.warnings.map((w) => {
          const title = productTitle(prescription, w.productId);
          return <li key={`${w.productId}-${w.message}`}>{title ? <><strong>{title}</strong>: {w.message}</> : w.message}</li>;
        })}
      </ul>
      {onAcknowledge && <Acknowledge checked={acknowledged} onChange={onAcknowledge} />}
    </Warnings>
  );
}

/** After a decision: what happened, and the next prescription waiting (oldest first), offered rather than opened. */
function NextOne({ outcome, decidedId, shopper, onOpen }: { outcome: Outcome; decidedId: string; shopper: string; onOpen: (id: string) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const queue = readOf(prescriptionQueries.usePageQuery(AWAITING_FIRST_PAGE));
  const next = queue.data?.items.find((row) => row._id !== decidedId);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Outcome aria-labelledby="rx-outcome-heading">
      <h3 id="rx-outcome-heading" ref={heading} tabIndex={-1}>
        {outcome === 'verified' ? 'Prescription verified' : 'Prescription rejected'}
      </h3>
      <p>{shopper} is told by email and sees it in My prescriptions.</p>
      {queue.loading ? (
        <Spinner size={20} label="Finding the next prescription" />
      ) : next ? (
        <Button onClick={() => onOpen(next._id)}>
          Check the next one: {next.shopperName}, waiting since {dateTimeOrDash(next.createdAt)}
        </Button>
      ) : (
        <p>No prescriptions waiting to be checked.</p>
      )}
    </Outcome>
  );
}

const warningsKey = (p: StaffPrescription) => p.warnings.map((w) => `${w.productId}:${w.message}`).join('\n');

/** One prescription's check: everything typed lives here, so a refusal or a fresh read of the prescription loses none of it. */
function PrescriptionCheck({ prescription: p, onOpen }: { prescription: StaffPrescription; onOpen: (id: string) => void }) {
  const canDecide = useCan('clinical.review');
  const [values, setValues] = useState<VerifyValues>(() => initialValues(p));
  const [reason, setReason] = useState('');
  // What was acknowledged: new warnings after a fresh read need reading again.
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Warnings only the refusal listed (for medicines chosen on the form), read there.
  const [refusalRead, setRefusalRead] = useState(false);
  const products = readOf(prescriptionQueries.useProductsQuery(undefined, { skip: p.status !== 'awaiting_check' || !canDecide, refetchOnMountOrArgChange: false }));
  const [verify, verifying] = prescriptionQueries.useVerifyMutation();
  const [reject, rejecting] = prescriptionQueries.useRejectMutation();
  const busy = verifying.isLoading || rejecting.isLoading;
  const refusal = (verifying.error ?? rejecting.error) as ShopQueryError | undefined;
  const warningsNow = warningsKey(p);
  const ackd = p.warnings.length === 0 || acknowledged === warningsNow;
  const refusalWarnings = needsWarningsRead(refusal);
  const warningsReady = ackd && (!refusalWarnings || refusalRead);
  const open = p.status === 'awaiting_check' && outcome === null;
  const { eprescription } = p;

  const decided = (next: Outcome) => {
    setOutcome(next);
    notifySuccess(next === 'verified' ? 'Prescription verified' : 'Prescription rejected', `${p.shopper.name} has been told by email.`);
  };
  const approve = (body: VerifyPrescriptionBody) => {
    rejecting.reset();
    setRefusalRead(false);
    verify({ id: p._id, body })
      .unwrap()
      .then(() => decided('verified'), () => undefined);
  };
  const refuse = (text: string) => {
    verifying.reset();
    reject({ id: p._id, body: { reason: text } })
      .unwrap()
      .then(() => decided('rejected'), () => undefined);
  };

  return (
    <Body>
      {outcome && <NextOne outcome={outcome} decidedId={p._id} shopper={p.shopper.name} onOpen={onOpen} />}
      <Summary>
        <StandingBadge standing={p.standing} />
        {PRESCRIPTION_SOURCE_LABELS[p.source]} prescription{p.forProduct ? ` for ${p.forProduct.title}` : ''}, received {dateTimeOrDash(p.createdAt)}
      </Summary>
      {p.warnings.length > 0 && (
        <SafetyWarnings prescription={p} acknowledged={ackd} onAcknowledge={open && canDecide ? (yes) => setAcknowledged(yes ? warningsNow : null) : undefined} />
      )}
      <Sections>
        <PrescriptionDocument prescription={p} onCopyItems={open && canDecide && eprescription ? () => setValues((v) => withEPrescription(v, eprescription)) : undefined} />
        <PatientPanel prescription={p} />
      </Sections>
      {p.status !== 'awaiting_check' && <DecisionRecord prescription={p} />}
      {refusal && <Refusal error={refusal} acknowledged={refusalRead} onAcknowledge={setRefusalRead} />}
      {open &&
        (canDecide ? (
          <Decide>
            <VerifyForm
              values={values}
              onChange={setValues}
              products={{ list: products.data ?? [], loading: products.loading, error: products.error, reload: products.reload }}
              warningsReady={warningsReady}
              warningsAcknowledged={(p.warnings.length > 0 && ackd) || (refusalWarnings && refusalRead)}
              busy={busy}
              approving={verifying.isLoading}
              onApprove={approve}
            />
            <RejectForm reason={reason} onChange={setReason} busy={busy} rejecting={rejecting.isLoading} onReject={refuse} />
          </Decide>
        ) : (
          <RoleNote permission="clinical.review" />
        ))}
    </Body>
  );
}

export interface PrescriptionDialogProps {
  /** The prescription shown; null when the dialog is closed. */
  id: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}

/**
 * The pharmacist's check screen (docs/product.md#admin-panel): the prescription beside the shopper's health profile
 * and history, its safety warnings, and the forms to approve or reject it; a decided one shows the decision.
 */
export function PrescriptionDialog({ id, onOpen, onClose }: PrescriptionDialogProps) {
  usePrescriptionQueries();
  const read = readOf(prescriptionQueries.useDetailsQuery(id ?? '', { skip: id === null }));
  const p = read.data;
  return (
    <Dialog
      open={id !== null}
      size="lg"
      initialFocus="title"
      title="Prescription"
      description={p ? `${p.shopper.name}'s ${PRESCRIPTION_SOURCE_LABELS[p.source].toLowerCase()} prescription` : 'The prescription, the shopper’s health profile and the decision'}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {p && p._id === id ? (
        <PrescriptionCheck key={p._id} prescription={p} onOpen={onOpen} />
      ) : read.loading ? (
        <Center>
          <Spinner size={32} label="Loading the prescription" />
        </Center>
      ) : (
        <>
          <p>{read.status === 404 ? 'This prescription no longer exists.' : `The prescription could not be loaded: ${read.error ?? 'try again.'}`}</p>
          {read.status !== 404 && (
            <Button variant="secondary" onClick={read.reload}>
              Try again
            </Button>
          )}
        </>
      )}
    </Dialog>
  );
}
