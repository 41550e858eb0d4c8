import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, media, th } from '@pharmacy/ui';

/** A page column: full width on phones, a centred card on larger screens. */
export const Narrow = styled.div<{ $wide?: boolean }>`
  width: 100%;
  max-width: ${(p) => (p.$wide ? '44rem' : '28rem')};
  margin: 0 auto;
  padding: ${th((t) => t.space(4))} 0 ${th((t) => t.space(10))};
`;

export const FormCard = styled(Card)`
  padding: ${th((t) => t.space(4))};
  ${media.sm} {
    padding: ${th((t) => t.space(6))};
  }
`;

export const Lead = styled.p`
  margin: 0 0 ${th((t) => t.space(5))};
  color: ${th((t) => t.colors.textMuted)};
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(2))};
  ${media.sm} {
    flex-direction: row;
    align-items: center;
  }
`;

export const Links = styled.p`
  margin: ${th((t) => t.space(5))} 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))} ${th((t) => t.space(4))};
  font-size: ${th((t) => t.fontSizes.sm)};
  a {
    color: ${th((t) => t.colors.brandStrong)};
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
`;

const AlertBox = styled.div<{ $tone: 'danger' | 'success' }>`
  margin: 0 0 ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
  border-radius: ${th((t) => t.radii.md)};
  border: 1px solid ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.danger : t.colors.success))(p)};
  background: ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.dangerSubtle : t.colors.successSubtle))(p)};
  color: ${(p) => th((t) => (p.$tone === 'danger' ? t.colors.dangerStrong : t.colors.success))(p)};
`;

/** The server's message after a failed submit (announced), or a confirmation. */
export function Alert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'success' }) {
  return (
    <AlertBox $tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </AlertBox>
  );
}

export const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: 0 ${th((t) => t.space(4))};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;
