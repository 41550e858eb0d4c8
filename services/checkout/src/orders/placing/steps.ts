import type { FastifyBaseLogger } from 'fastify';

/**
 * One step of a multi-step write (docs/architecture.md#placing-an-order): `run` does it, `undo` takes it back.
 * An undo must be safe when its step did nothing or only part of it (the failing step is undone too, since a
 * timeout leaves its outcome unknown), and safe to repeat.
 */
export interface Step<C, N extends string = string> {
  name: N;
  run(ctx: C): Promise<void>;
  undo?(ctx: C, failedAt: N): Promise<void>;
}

/**
 * Runs the steps in order. When one fails, it and every step before it are undone in reverse, then the failure is
 * rethrown. An undo that fails is logged and the rest still run: what it leaves is recorded where the sweeper finds it.
 */
export async function runSteps<C, N extends string>(steps: readonly Step<C, N>[], ctx: C, log: FastifyBaseLogger): Promise<void> {
  const begun: Step<C, N>[] = [];
  for (const step of steps) {
    begun.push(step);
    try {
      await step.run(ctx);
    } catch (err) {
      for (const s of begun.reverse()) {
        try {
          await s.undo?.(ctx, step.name);
        } catch (undoErr) {
          log.warn({ err: undoErr, step: s.name, failedAt: step.name }, 'undoing a step failed; the sweeper finishes it');
        }
      }
      throw err;
    }
  }
}
