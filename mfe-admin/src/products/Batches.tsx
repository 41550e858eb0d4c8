import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { BATCH_LOT_MAX, EXPIRY_UNKNOWN, STOCK_MAX, STOCK_NOTE_MAX, type ProductBatch } from '@pharmacy/contracts';
import { Badge, Button, Field, Input, breakpoints, th, type BadgeVariant } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { calendarDateOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { productsActions } from './slice';

/** Opening stock recorded before batches has no known expiry (docs/domain.md#batches). */
export const expiryWords = (expiresOn: string): string => (expiresOn === EXPIRY_UNKNOWN ? 'Expiry not recorded' : calendarDateOrDash(expiresOn));

/** A batch's state in staff's words, with its badge colour. */
export const BATCH_STATE: Record<ProductBatch['state'], [string, BadgeVariant]> = {
  sellable: ['On sale', 'success'],
  expired: ['Expired', 'warning'],
  recalled: ['Recalled', 'danger'],
};

/** "PCM-26-114 (expires 30 Jun 2028, 24 on the shelf)": how a batch is named where staff pick one. */
export const batchLabel = (b: ProductBatch): string =>
  `${b.lot} (${b.expiresOn === EXPIRY_UNKNOWN ? 'expiry not recorded' : `expires ${calendarDateOrDash(b.expiresOn)}`}, ${b.remaining} on the shelf${b.state === 'sellable' ? '' : `, ${BATCH_STATE[b.state][0].toLowerCase()}`})`;

const BATCH_COLUMNS: Column<ProductBatch>[] = [
  { header: 'Lot', card: 'title', cell: (b) => b.lot },
  { header: 'Expiry', nowrap: true, width: '9rem', cell: (b) => expiryWords(b.expiresOn) },
  { header: 'State', width: '6.5rem', cell: (b) => <Badge variant={BATCH_STATE[b.state][1]}>{BATCH_STATE[b.state][0]}</Badge> },
  { header: 'Received', numeric: true, width: '5.5rem', cell: (b) => b.received },
  { header: 'On the shelf', numeric: true, width: '6rem', cell: (b) => b.remaining },
  { header: 'Reserved', numeric: true, width: '5.5rem', cell: (b) => b.reserved },
];

/** A product's batches, earliest expiry first (the order orders take them in). */
export function BatchesTable({ batches }: { batches: ProductBatch[] }) {
  return (
    <DataTable
      label="Batches"
      caption="Earliest expiry first: orders take from the top"
      rows={batches}
      columns={BATCH_COLUMNS}
      rowKey={(b) => b.id}
      empty={<p>No batches yet: receive the first one below.</p>}
    />
  );
}

const ReceiveGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${th((t) => t.space(3))};
  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: 1fr 10rem 7rem;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Problem = styled.p`
  margin: 0 0 ${th((t) => t.space(3))};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const utcToday = () => new Date().toISOString().slice(0, 10);

interface ReceiveValues {
  lot: string;
  expiresOn: string;
  quantity: string;
  note: string;
}
const EMPTY: ReceiveValues = { lot: '', expiresOn: '', quantity: '', note: '' };

/** What is wrong with the form, field by field (the server checks the same and says so too). */
export function receiveProblems(v: ReceiveValues, today: string): Record<keyof ReceiveValues, string | null> {
  const lot = v.lot.trim();
  const quantity = v.quantity.trim();
  return {
    lot: !lot ? 'Enter the lot number printed on the pack.' : lot.length > BATCH_LOT_MAX ? `A lot number is at most ${BATCH_LOT_MAX} characters.` : null,
    expiresOn: !v.expiresOn ? 'Enter the expiry date printed on the pack.' : v.expiresOn <= today ? 'Stock that expires today or earlier cannot be received for sale.' : null,
    quantity: !/^\d+$/.test(quantity) || Number(quantity) < 1 ? 'Enter how many units arrived (a whole number).' : Number(quantity) > STOCK_MAX ? `At most ${STOCK_MAX} units.` : null,
    note: v.note.trim().length > STOCK_NOTE_MAX ? `The note must be at most ${STOCK_NOTE_MAX} characters.` : null,
  };
}

/** "Receive batch": a delivery recorded with its lot, expiry and quantity (the same lot adds to its batch). */
export function ReceiveBatchForm({ productId }: { productId: string }) {
  const dispatch = useDispatch();
  const { stock } = useAdminSelector(selectProducts);
  const [values, setValues] = useState<ReceiveValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const today = utcToday();
  const problems = receiveProblems(values, today);
  const set = (patch: Partial<ReceiveValues>) => setValues((v) => ({ ...v, ...patch }));

  // A received batch clears the form; a refused one keeps what was typed, with the server's reason.
  useEffect(() => {
    if (sent && !stock.receiving) {
      setSent(false);
      if (!stock.receiveError) {
        setValues(EMPTY);
        setSubmitted(false);
      }
    }
  }, [sent, stock.receiving, stock.receiveError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    const note = values.note.trim();
    setSent(true);
    dispatch(
      productsActions.receiveBatch({
        productId,
        input: { lot: values.lot.trim(), expiresOn: values.expiresOn, quantity: Number(values.quantity.trim()), ...(note ? { note } : {}) },
      }),
    );
  };
  const error = (key: keyof ReceiveValues) => (submitted ? problems[key] : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="Receive batch">
      {stock.receiveError && <Problem role="alert">{stock.receiveError}</Problem>}
      <ReceiveGrid>
        <Field label="Lot" required error={error('lot')} hint="As printed on the pack">
          <Input name="lot" value={values.lot} onChange={(e) => set({ lot: e.target.value })} autoComplete="off" maxLength={BATCH_LOT_MAX + 10} />
        </Field>
        <Field label="Expiry" required error={error('expiresOn')}>
          <Input name="expiresOn" type="date" value={values.expiresOn} min={today} onChange={(e) => set({ expiresOn: e.target.value })} />
        </Field>
        <Field label="Quantity" required error={error('quantity')}>
          <Input name="quantity" value={values.quantity} onChange={(e) => set({ quantity: e.target.value })} inputMode="numeric" autoComplete="off" />
        </Field>
      </ReceiveGrid>
      <Field label="Note" error={error('note')} hint="Optional, e.g. a delivery number">
        <Input name="receiveNote" value={values.note} onChange={(e) => set({ note: e.target.value })} maxLength={STOCK_NOTE_MAX + 10} />
      </Field>
      <Actions>
        <Button type="submit" variant="secondary" loading={stock.receiving} loadingLabel="Receiving">
          Receive batch
        </Button>
      </Actions>
    </form>
  );
}
