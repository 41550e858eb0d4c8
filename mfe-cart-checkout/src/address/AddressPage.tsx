import { useState } from 'react';
import styled from 'styled-components';
import { ADDRESS_LIMIT, addressInline, addressLines, type Address } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Card, EmptyState, PageTitle, Spinner, toast } from '@pharmacy/ui';
import { AddressForm } from './AddressForm';
import { useAddresses } from './useAddresses';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`;

/** An address as written on an envelope, in the market's order, then the phone. */
export function AddressCard({ address }: { address: Address }) {
  return (
    <address style={{ fontStyle: 'normal' }}>
      <strong>{address.fullName}</strong>
      {[...addressLines(address), address.phone].map((line, i) => (
        <span key={i}>
          <br />
          {line}
        </span>
      ))}
      {address.notes && (
        <>
          <br />
          <em>{address.notes}</em>
        </>
      )}
    </address>
  );
}

/** /address: list, add, edit and delete (at most ADDRESS_LIMIT). */
export function AddressPage() {
  const { userId, addresses, error, book } = useAddresses();
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  if (!userId || addresses === null) return <Spinner />;
  const full = addresses.length >= ADDRESS_LIMIT;

  async function remove(a: Address) {
    if (!userId) return;
    try {
      await book.remove(userId, a._id);
      toast({ title: 'Address deleted' });
    } catch (err) {
      toast({ title: 'Could not delete the address', description: getErrorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <section>
      <PageTitle>Your addresses</PageTitle>
      {error && <p role="alert">{error}</p>}
      {addresses.length === 0 && editing !== 'new' && <EmptyState message="No saved addresses yet" />}
      <Grid>
        {addresses.map((a) => (
          <li key={a._id}>
            <Card>
              {editing === a._id ? (
                <AddressForm
                  initial={a}
                  submitLabel="Save address"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (input) => {
                    await book.update(userId, a._id, input);
                    toast({ title: 'Address updated' });
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <AddressCard address={a} />
                  <div>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(a._id)} aria-label={`Edit address of ${a.fullName}, ${addressInline(a)}`}>
                      Edit
                    </Button>{' '}
                    <Button size="sm" variant="danger" onClick={() => void remove(a)} aria-label={`Delete address of ${a.fullName}, ${addressInline(a)}`}>
                      Delete
                    </Button>
                  </div>
                </>
              )}
            </Card>
          </li>
        ))}
      </Grid>
      {editing === 'new' ? (
        <Card>
          <AddressForm
            submitLabel="Add address"
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              await book.add(userId, input);
              toast({ title: 'Address saved' });
              setEditing(null);
            }}
          />
        </Card>
      ) : full ? (
        <p>You have {ADDRESS_LIMIT} addresses, the most you can keep. Delete one to add another.</p>
      ) : (
        <Button onClick={() => setEditing('new')}>Add a new address</Button>
      )}
    </section>
  );
}
