import { useMarket } from '@pharmacy/session';
import styled from 'styled-components';
import { SUPPORT_EMAIL } from '../config';

/** The EU common logo's place: the national flag and "click to verify" are the regulator's artwork, linked to its list. */
const Logo = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.375rem 0.75rem;
  border: 2px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
`;

/**
 * The pharmacy's registration as its regulator asks an online pharmacy to show it (docs/domain.md#market): who owns
 * it, the registered premises with its number and how to reach it, the superintendent pharmacist, where to check
 * both, and the EU common logo where the law asks for one. In a demo install it says first that the details are examples.
 */
export function Registration() {
  const { regulation: r, demo } = useMarket();
  const number = (n: string) => `${r.regulator.abbreviation} registration number ${n}`;
  return (
    <>
      {demo && (
        <p>
          <strong>Demo details:</strong> this is a demonstration shop, not a registered pharmacy. The names, registration
          numbers and pharmacy addresses here are examples.
        </p>
      )}
      <p>
        {r.owner} runs the registered pharmacy {r.premises.name}, {r.premises.address} ({number(r.premises.registrationNumber)}).
        Phone {r.premises.phone}, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p>
        Superintendent pharmacist: {r.superintendent.name}, {number(r.superintendent.registrationNumber)}.
        {r.supervising && ` Supervising pharmacist: ${r.supervising.name}, ${number(r.supervising.registrationNumber)}.`}
      </p>
      <p>
        Regulated by the {r.regulator.name}. <a href={r.verify.href}>{r.verify.label}</a>.
      </p>
      {r.distanceSellingLogo && (
        <p>
          <Logo href={r.distanceSellingLogo.href}>{r.distanceSellingLogo.label}</Logo>
        </p>
      )}
    </>
  );
}
