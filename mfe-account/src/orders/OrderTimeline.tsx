import { Fragment } from 'react';
import styled, { css } from 'styled-components';
import { formatDate, orderTimeline, type TimelineStep } from '@pharmacy/contracts';
import { VisuallyHidden, media, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { numberOf, stateOf } from './format';

/**
 * Where the order is now: the step it stopped at, else the last one it reached. The contracts' `current` is the
 * step the order waits for next (packing after payment); the shopper asks "where is my order", so the step marked
 * aria-current is the one already reached.
 */
export function presentStep(steps: TimelineStep[]): number {
  const stopped = steps.findIndex((s) => s.state === 'stopped');
  if (stopped >= 0) return stopped;
  let present = 0;
  steps.forEach((s, i) => {
    if (s.state === 'done') present = i;
  });
  return present;
}

type Look = 'done' | 'present' | 'next' | 'stopped';

const MARK = '1.25rem';

/** From md up: a column per step, at least as many as a whole journey has, so a stopped order keeps the same rhythm. */
const FULL_JOURNEY = 5;
const Steps = styled.ol<{ $count: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(1))};
  /* a column is never narrower than its longest word or its date's longest part: nothing breaks mid-word or overlaps */
  ${media.md} {
    grid-template-columns: repeat(${(p) => Math.max(p.$count, FULL_JOURNEY)}, minmax(min-content, 1fr));
    gap: ${th((t) => t.space(2))};
  }
`;

/*
 * A phone reads the steps top to bottom, one line each (mark, step, when); from md up they stand side by side, the
 * mark on a line joining them. The joining line is drawn by each step towards the next.
 */
const Step = styled.li<{ $look: Look; $last: boolean; $index: number }>`
  position: relative;
  display: grid;
  grid-template-columns: ${MARK} minmax(0, 1fr) auto;
  column-gap: ${th((t) => t.space(2))};
  align-items: start;
  line-height: ${MARK};
  padding-bottom: ${th((t) => t.space(1))};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${(p) => th((t) => (p.$look === 'next' ? t.colors.textMuted : t.colors.text))(p)};
  ${(p) =>
    !p.$last &&
    css`
      &::after {
        content: '';
        position: absolute;
        left: calc(${MARK} / 2 - 1px);
        top: ${MARK};
        bottom: calc(-1 * ${th((t) => t.space(1))(p)});
        width: 2px;
        background: ${th((t) => (p.$look === 'done' || p.$look === 'present' ? t.colors.brandStrong : t.colors.border))(p)};
      }
    `}
  ${media.md} {
    grid-template-columns: minmax(0, 1fr);
    /* the step an order stopped at takes the rest of the row, so why it stopped reads on one line */
    ${(p) => p.$look === 'stopped' && `grid-column: ${p.$index + 1} / -1;`}
    justify-items: start;
    align-content: start;
    row-gap: ${th((t) => t.space(1))};
    &::after {
      left: calc(${MARK} + ${th((t) => t.space(1))});
      right: calc(${th((t) => t.space(1))} - ${th((t) => t.space(2))});
      top: calc(${MARK} / 2 - 1px);
      bottom: auto;
      width: auto;
      height: 2px;
    }
  }
`;

const Mark = styled.span<{ $look: Look }>`
  display: inline-grid;
  place-items: center;
  width: ${MARK};
  height: ${MARK};
  border-radius: 50%;
  box-sizing: border-box;
  ${(p) => {
    const fill = th((t) => (p.$look === 'stopped' ? t.colors.danger : t.colors.brandStrong))(p);
    if (p.$look === 'next') return css`border: 2px solid ${th((t) => t.colors.textMuted)(p)}; background: ${th((t) => t.colors.surface)(p)};`;
    return css`
      background: ${fill};
      color: ${th((t) => t.colors.onBrand)(p)};
      ${p.$look === 'present' && css`box-shadow: 0 0 0 3px ${th((t) => t.colors.brandSubtle)(p)};`}
    `;
  }}
  svg {
    width: 0.75rem;
    height: 0.75rem;
  }
`;

const Label = styled.span<{ $look: Look }>`
  font-weight: ${(p) => th((t) => (p.$look === 'present' || p.$look === 'stopped' ? t.fontWeights.semibold : t.fontWeights.normal))(p)};
  overflow-wrap: break-word;
`;

/** The date and the time each stay whole; from md up, in a narrow column, the time goes under the date. */
const When = styled.time`
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.xs)};
  white-space: nowrap;
  ${media.md} {
    white-space: normal;
  }
`;

const Whole = styled.span`
  white-space: nowrap;
`;

const Detail = styled.span`
  grid-column: 2 / -1;
  color: ${th((t) => t.colors.textMuted)};
  overflow-wrap: break-word;
  ${media.md} {
    grid-column: auto;
  }
`;

function Icon({ look }: { look: Look }) {
  if (look === 'next') return null;
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {look === 'stopped' ? (
        <path d="M3 3l6 6M9 3l-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M2.5 6.5l2.5 2.5 4.5-5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      )}
    </svg>
  );
}

/** "12 Mar 2026, 14:05" may break only after its comma: the date and the time each stay whole. */
function WholeParts({ text }: { text: string }) {
  const parts = text.split(', ');
  return parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 && ' '}
      <Whole>{i < parts.length - 1 ? `${part},` : part}</Whole>
    </Fragment>
  ));
}

/** What a screen reader adds after a step's name: aria-current says "current step" for the present one itself. */
const STATE_WORDS: Record<Look, string> = { done: 'done', present: '', next: 'not yet', stopped: '' };

/**
 * An order's tracking, from the contracts' orderTimeline for the shopper: an ordered list of its steps (placed,
 * paid, a pharmacist's check where there is one, prepared, on its way or ready to collect, delivered or collected),
 * each reached step with its date, the present one marked aria-current="step"; a closed order ends on why.
 */
export function OrderTimeline({ order }: { order: OrderView }) {
  const steps = orderTimeline(stateOf(order), 'shopper');
  const present = presentStep(steps);
  return (
    <Steps aria-label={`Progress of order ${numberOf(order)}`} $count={steps.length}>
      {steps.map((step, i) => {
        const look: Look = step.state === 'stopped' ? 'stopped' : i === present ? 'present' : step.state === 'done' ? 'done' : 'next';
        return (
          <Step key={step.key} $look={look} $last={i === steps.length - 1} $index={i} aria-current={i === present ? 'step' : undefined}>
            <Mark $look={look}>
              <Icon look={look} />
            </Mark>
            <Label $look={look}>
              {step.label}
              {STATE_WORDS[look] ? <VisuallyHidden>, {STATE_WORDS[look]}</VisuallyHidden> : null}
            </Label>
            {step.at && look !== 'next' ? (
              <When dateTime={step.at}>
                <WholeParts text={formatDate(step.at, { withTime: true })} />
              </When>
            ) : null}
            {step.detail ? <Detail>{step.detail}</Detail> : null}
          </Step>
        );
      })}
    </Steps>
  );
}
