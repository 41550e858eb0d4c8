import type { FastifyBaseLogger } from 'fastify';

/**
 * Tries a demo seed now and then every `retryMs` until it answers true (the account and catalogue may start after
 * checkout). Outside production only; `what` names it in the log.
 */
export function keepSeeding(seed: () => Promise<boolean>, what: string, log: FastifyBaseLogger, retryMs = 15_000) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async () => {
    try {
      if (await seed()) return log.info(`${what} are in`);
    } catch (err) {
      log.debug({ err }, `${what} could not be seeded yet; trying again`);
    }
    if (!stopped) {
      timer = setTimeout(() => void attempt(), retryMs);
      timer.unref();
    }
  };
  return {
    start: () => void attempt(),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
