import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ADDRESS_LIMIT, CURRENT_ORDER_ID_KEY, CheckoutErrorCodes, formatMoney, type ConsultationQuestionId } from '@pharmacy/contracts';
import { getErrorMessage, isApiError } from '@pharmacy/session';
import { Button, Card, EmptyState, PageTitle, Spinner, th } from '@pharmacy/ui';
import { AddressForm } from '../address/AddressForm';
import { useAddresses } from '../address/useAddresses';
import { addressApi, orderApi } from '../cart/api';
import { CartLines, LineProblems } from '../cart/CartLines';
import { useCart } from '../cart/useCart';
import { TestPaymentNotice } from '../payment/TestPaymentNotice';
import { AddressCard } from '../address/AddressPage';
import { ConsultationForm, answerFieldId, answersBody, checkAnswers, emptyAnswers, type ConsultationErrors } from './ConsultationForm';
import { PharmacistNotice } from './PharmacistNotice';
import { useUnrecognisedTerms } from './useUnrecognisedTerms';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  align-items: start;
  @media (min-width: 900px) {
    grid-template-columns: 1fr 1fr;
  }
`;
const Column = styled.div`
  display: grid;
  gap: 1.5rem;
  min-width: 0;
`;
const Choice = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  padding: 0.75rem;
  border: 1px solid #cbd5e1;
  border-radius: 8px;
  margin-bottom: 0.75rem;
  cursor: pointer;
`;
/** The acknowledgement: a 44 px row with the box at the start, the words saying what is acknowledged. */
const Acknowledge = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  min-height: 2.75rem;
  margin: ${th((t) => t.space(4))} 0;
  cursor: pointer;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.125rem;
    flex: none;
  }
`;

/**
 * /secure/checkout: pick or add an address, review the server-computed items and total, answer the pharmacist's
 * questions when the cart holds a pharmacy medicine, acknowledge safety warnings, learn whether a pharmacist will
 * check the order, place it, then go to the payment provider's approval page.
 */
export function CheckoutPage() {
  const { cart, error: cartError } = useCart();
  const { userId, addresses, reload } = useAddresses();
  const unrecognisedTerms = useUnrecognisedTerms(cart);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [answers, setAnswers] = useState(emptyAnswers);
  const [answerErrors, setAnswerErrors] = useState<ConsultationErrors>({});
  const [consultationRefusal, setConsultationRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (addresses && addresses.length > 0 && !addresses.some((a) => a._id === addressId)) setAddressId(addresses[0]._id);
  }, [addresses, addressId]);

  if (!cart || !addresses || !userId) return cartError ? <p role="alert">{cartError}</p> : <Spinner />;
  if (cart.items.length === 0) {
    return (
      <section>
        <PageTitle>Checkout</PageTitle>
        <EmptyState message="Your cart is empty" action={<Link to="/pharmacy/products">Browse products</Link>} />
      </section>
    );
  }

  const needsAck = cart.hasWarnings;
  const needsConsultation = cart.needsConsultation;
  const problems = cart.items.filter((l) => l.problem);
  const warned = cart.items.filter((l) => l.warnings.length > 0);
  const canPlace = cart.canCheckout && !!addressId && (!needsAck || acknowledged) && !placing;

  function answer(id: ConsultationQuestionId, text: string) {
    setAnswers((a) => ({ ...a, [id]: text }));
    if (answerErrors[id]) setAnswerErrors((e) => ({ ...e, [id]: undefined }));
  }

  async function place() {
    if (!addressId) return;
    if (needsConsultation) {
      const errors = checkAnswers(answers);
      setAnswerErrors(errors);
      const first = (Object.keys(answers) as ConsultationQuestionId[]).find((id) => errors[id]);
      if (first) {
        document.getElementById(answerFieldId(first))?.focus();
        return;
      }
    }
    setPlacing(true);
    setError(null);
    setConsultationRefusal(null);
    try {
      const { orderId, approvalURL } = await orderApi.create(addressId, needsAck && acknowledged, needsConsultation ? answersBody(answers) : undefined);
      sessionStorage.setItem(CURRENT_ORDER_ID_KEY, orderId);
      window.location.assign(approvalURL);
    } catch (err) {
      // the pharmacist's questions are answered at their form; anything else beside the button
      if (isApiError(err) && err.code === CheckoutErrorCodes.CONSULTATION_REQUIRED) setConsultationRefusal(err.message);
      else setError(getErrorMessage(err));
      setPlacing(false);
    }
  }

  return (
    <section>
      <PageTitle>Checkout</PageTitle>
      <TestPaymentNotice />
      <Layout>
        <Column>
          <Card>
            <h2>Delivery address</h2>
            {addresses.map((a) => (
              <Choice key={a._id}>
                <input type="radio" name="address" value={a._id} checked={addressId === a._id} onChange={() => setAddressId(a._id)} />
                <AddressCard address={a} />
              </Choice>
            ))}
            {adding ? (
              <AddressForm
                submitLabel="Save and use this address"
                onCancel={() => setAdding(false)}
                onSubmit={async (input) => {
                  const saved = await addressApi.add(userId, input);
                  setAdding(false);
                  await reload();
                  setAddressId(saved._id);
                }}
              />
            ) : addresses.length < ADDRESS_LIMIT ? (
              <Button variant="secondary" onClick={() => setAdding(true)}>
                Add a new address
              </Button>
            ) : null}
          </Card>
          {needsConsultation && <ConsultationForm answers={answers} errors={answerErrors} refusal={consultationRefusal} onChange={answer} />}
        </Column>
        <Card>
          <h2>Your order</h2>
          <CartLines cart={cart} />
          <p>
            <strong aria-label="Order total">Total: {formatMoney(cart.totalAmount)}</strong>
          </p>
          {problems.length > 0 ? (
            <>
              <LineProblems lines={problems} />
              <p>
                <Link to="/cart">Review your cart</Link>
              </p>
            </>
          ) : (
            !cart.canCheckout && (
              <p role="alert">
                Some items cannot be ordered. <Link to="/cart">Review your cart</Link>.
              </p>
            )
          )}
          {needsAck && (
            <Acknowledge>
              <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />
              <span>
                I have read the safety warnings for {warned.map((l) => l.title).join(', ')} and want to order {warned.length === 1 ? 'it' : 'them'}{' '}
                anyway.
              </span>
            </Acknowledge>
          )}
          <PharmacistNotice warnings={needsAck} pharmacyMedicine={needsConsultation} unrecognisedTerms={unrecognisedTerms} />
          {error && <p role="alert">{error}</p>}
          <Button fullWidth disabled={!canPlace} loading={placing} loadingLabel="Placing your order" onClick={() => void place()}>
            Place order and pay
          </Button>
        </Card>
      </Layout>
    </section>
  );
}
