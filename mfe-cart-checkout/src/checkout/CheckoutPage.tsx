import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  ADDRESS_LIMIT,
  CURRENT_ORDER_ID_KEY,
  CheckoutErrorCodes,
  DEFAULT_DELIVERY_METHOD,
  deliveryAreaProblem,
  type ConsultationQuestionId,
  type DeliveryMethod,
  type DeliverySelection,
} from '@pharmacy/contracts';
import { getErrorMessage, isApiError, useMarket } from '@pharmacy/session';
import { Button, Card, EmptyState, PageTitle, Spinner, th } from '@pharmacy/ui';
import { AddressForm } from '../address/AddressForm';
import { useAddresses } from '../address/useAddresses';
import { orderApi } from '../cart/api';
import { CartLines, LineProblems } from '../cart/CartLines';
import { TotalsBreakdown } from '../cart/TotalsBreakdown';
import { useCartModule } from '../cart/useCart';
import { TestPaymentNotice, useTestPayments } from '../payment/TestPaymentNotice';
import { AddressCard } from '../address/AddressPage';
import { ConsultationForm, answerFieldId, answersBody, checkAnswers, emptyAnswers, type ConsultationErrors } from './ConsultationForm';
import { DeliveryChoice } from './DeliveryChoice';
import { PharmacistNotice } from './PharmacistNotice';
import { placeBlockers } from './placeBlockers';
import { useDeliveryOptions } from './useDeliveryOptions';
import { usePricedCart } from './usePricedCart';
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
/** Why the shop cannot deliver to an address, under it, while a delivering method is chosen. */
const Outside = styled.p`
  margin: ${th((t) => t.space(1))} 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.dangerStrong)};
`;
/** An address radio: the whole card is the label, at least 44 px tall. */
const Choice = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  min-height: 2.75rem;
  padding: 0.75rem;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: 8px;
  margin-bottom: 0.75rem;
  cursor: pointer;
  input {
    width: 1.25rem;
    height: 1.25rem;
    flex: none;
  }
`;
const Blockers = styled.div`
  margin: 0 0 ${th((t) => t.space(3))};
  font-size: ${th((t) => t.fontSizes.sm)};
  ul {
    margin: ${th((t) => t.space(1))} 0 0;
    padding-left: 1.25rem;
  }
`;
const Summary = styled.div`
  margin: ${th((t) => t.space(4))} 0;
  padding-top: ${th((t) => t.space(4))};
  border-top: 1px solid ${th((t) => t.colors.border)};
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
 * /secure/checkout: choose delivery (standard, express, or click and collect at a chosen pharmacy; every choice is
 * priced by the server), pick or add an address, review the items and the server's totals, answer the pharmacist's
 * questions when the cart holds a pharmacy medicine, acknowledge safety warnings, learn whether a pharmacist will
 * check the order, place it, then go to the payment provider's approval page. The page shows itself once the cart,
 * addresses, delivery options and payment mode are known, so nothing moves in under it afterwards.
 */
export function CheckoutPage() {
  useCartModule();
  const market = useMarket();
  const { userId, addresses, book } = useAddresses();
  const delivery = useDeliveryOptions();
  const testPayments = useTestPayments();
  const [chosenMethod, setMethod] = useState<DeliveryMethod>(DEFAULT_DELIVERY_METHOD);
  const [pharmacyId, setPharmacyId] = useState<string | null>(null);
  // what the last priced cart said: controlled or refrigerated medicines can only be collected
  const [collectOnly, setCollectOnly] = useState<string | null>(null);
  const method: DeliveryMethod = collectOnly ? 'collect' : chosenMethod;
  const selection: DeliverySelection = method === 'collect' && pharmacyId ? { method, pharmacyId } : { method };
  const priced = usePricedCart(userId ?? null, selection);
  const cart = priced.cart;
  if (cart && (cart.collectOnly ?? null) !== collectOnly) setCollectOnly(cart.collectOnly ?? null);
  const unrecognisedTerms = useUnrecognisedTerms(cart);
  const [chosenAddressId, setAddressId] = useState<string | null>(null);
  // the first address until the shopper picks one (derived, not set afterwards: the first paint is already right)
  const addressId = addresses?.some((a) => a._id === chosenAddressId) ? chosenAddressId : (addresses?.[0]?._id ?? null);
  const [adding, setAdding] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [answers, setAnswers] = useState(emptyAnswers);
  const [answerErrors, setAnswerErrors] = useState<ConsultationErrors>({});
  const [consultationRefusal, setConsultationRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const optionsSettled = delivery.options !== null || delivery.error !== null;
  if (!cart || !addresses || !userId || !optionsSettled || testPayments === null) {
    return priced.error && !cart ? <p role="alert">{priced.error}</p> : <Spinner />;
  }
  if (cart.items.length === 0) {
    return (
      <section>
        <PageTitle>Checkout</PageTitle>
        <EmptyState message="Your cart is empty" action={<Link to="/pharmacy/products">Browse products</Link>} />
      </section>
    );
  }

  // a collected order is only recorded with the address; a delivered one must go inside the market's area
  const outsideArea = (a: (typeof addresses)[number]) => (method === 'collect' ? null : deliveryAreaProblem(a, market));
  const chosenAddress = addresses.find((a) => a._id === addressId);
  const needsAck = cart.hasWarnings;
  const needsConsultation = cart.needsConsultation;
  const problems = cart.items.filter((l) => l.problem);
  const warned = cart.items.filter((l) => l.warnings.length > 0);
  const blockers = placeBlockers({
    blockedLines: problems.length > 0 || !cart.canCheckout,
    hasAddress: !!addressId,
    outsideDeliveryArea: !!chosenAddress && outsideArea(chosenAddress) !== null,
    method: delivery.options ? method : null,
    pharmacyChosen: !!pharmacyId,
    consultationNeeded: needsConsultation,
    consultationAnswered: Object.keys(checkAnswers(answers)).length === 0,
    acknowledgementNeeded: needsAck,
    acknowledged,
    deliveryUnavailable: !delivery.options || !!priced.error,
  });
  const canPlace = blockers.length === 0 && !placing && !priced.busy;

  function answer(id: ConsultationQuestionId, text: string) {
    setAnswers((a) => ({ ...a, [id]: text }));
    if (answerErrors[id]) setAnswerErrors((e) => ({ ...e, [id]: undefined }));
  }

  function chooseMethod(next: DeliveryMethod) {
    setMethod(next);
    setError(null);
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
      const { orderId, approvalURL } = await orderApi.create(addressId, selection, needsAck && acknowledged, needsConsultation ? answersBody(answers) : undefined);
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
      <TestPaymentNotice testPayments={testPayments ?? false} />
      <Layout>
        <Column>
          {delivery.options ? (
            <DeliveryChoice
              options={delivery.options}
              method={method}
              pharmacyId={pharmacyId}
              onMethod={chooseMethod}
              onPharmacy={setPharmacyId}
              collectOnly={collectOnly}
            />
          ) : (
            <Card>
              <h2>Delivery</h2>
              <p role="alert">{delivery.error}</p>
              <Button variant="secondary" onClick={delivery.retry}>
                Try again
              </Button>
            </Card>
          )}
          <Card>
            <h2>{method === 'collect' ? 'Your address' : 'Delivery address'}</h2>
            {method === 'collect' && <p>The order is recorded with your name, address and phone; you collect it at the pharmacy you chose.</p>}
            {addresses.map((a) => {
              const outside = outsideArea(a);
              return (
                <Choice key={a._id}>
                  <input
                    type="radio"
                    name="address"
                    value={a._id}
                    checked={addressId === a._id}
                    onChange={() => setAddressId(a._id)}
                    aria-describedby={outside ? `outside-${a._id}` : undefined}
                  />
                  <span>
                    <AddressCard address={a} />
                    {outside && <Outside id={`outside-${a._id}`}>{outside}</Outside>}
                  </span>
                </Choice>
              );
            })}
            {adding ? (
              <AddressForm
                submitLabel="Save and use this address"
                onCancel={() => setAdding(false)}
                onSubmit={async (input) => {
                  const saved = await book.add(userId, input);
                  setAdding(false);
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
          <Summary>
            {cart.totals && <TotalsBreakdown totals={cart.totals} label="Order summary" busy={priced.busy} />}
            {priced.error && (
              <p role="alert">
                {priced.error}{' '}
                <Button size="sm" variant="secondary" onClick={() => void priced.retry()}>
                  Try again
                </Button>
              </p>
            )}
          </Summary>
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
          {blockers.length > 0 && (
            <Blockers id="place-order-blockers">
              <strong>Before you can place the order:</strong>
              <ul>
                {blockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </Blockers>
          )}
          <Button
            fullWidth
            disabled={!canPlace}
            aria-describedby={blockers.length > 0 ? 'place-order-blockers' : undefined}
            loading={placing}
            loadingLabel="Placing your order"
            onClick={() => void place()}
          >
            Place order and pay
          </Button>
        </Card>
      </Layout>
    </section>
  );
}
