import { ErrorEnvelope } from '@pharmacy/contracts';
import type { TSchema } from '@sinclair/typebox';

/** Response schemas for a route: its success body plus the error envelope (documented in /api/docs). */
export const responses = (ok: TSchema) => ({ 200: ok, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope });
