import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { AccountRoutes, pathTo, timeOfDayIn, type PharmacistOnDutyResponse } from '@pharmacy/contracts';
import { apiData, useMarket } from '@pharmacy/session';
import { media } from '@pharmacy/ui';

type OnDuty = PharmacistOnDutyResponse['data']['onDuty'];

/** The line's height stands before the answer comes (two lines on a phone, where the longer sentence wraps), so nothing below it moves. */
const Line = styled.p`
  line-height: 1.5;
  min-height: 3em;
  ${media.sm} {
    min-height: 1.5em;
  }
`;

/**
 * Who is the responsible pharmacist now (docs/domain.md#responsible-pharmacist), and whether they are away from the
 * pharmacy (the notice names them all the same; pharmacy medicines and prescriptions wait), read in the browser after hydration:
 * the answer changes by the minute, so the server-rendered (and cached) page leaves the line empty. A failed read
 * leaves it empty too: the registration above still stands, and an unknown duty is not claimed either way.
 */
export function OnDutyPharmacist() {
  const { regulation, timeZone } = useMarket();
  const [onDuty, setOnDuty] = useState<OnDuty | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    apiData
      .get<{ onDuty: OnDuty }>(pathTo(AccountRoutes.responsible.onDuty), { signal: controller.signal })
      .then((data) => setOnDuty(data.onDuty))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (
    <Line aria-live="polite">
      {onDuty === undefined
        ? null
        : onDuty
          ? `Responsible pharmacist: ${onDuty.name}, ${regulation.regulator.abbreviation} ${onDuty.registrationNumber}.` +
            (onDuty.absentSince
              ? ` Away from the pharmacy since ${timeOfDayIn(timeZone, new Date(onDuty.absentSince))}: pharmacy medicines and prescriptions wait until they are back.`
              : '')
          : 'No pharmacist on duty: orders that need a pharmacist wait until one is.'}
    </Line>
  );
}
