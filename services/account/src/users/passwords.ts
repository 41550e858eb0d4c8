import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes), OWASP's
 * recommended minimum. Tests may lower the cost through the service deps.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a verification when there is no user, so timing does not reveal which emails exist. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(cost: { memoryCost?: number; timeCost?: number } = {}): PasswordHasher {
  const options = { memoryCost: cost.memoryCost, timeCost: cost.timeCost };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    burn: async (password) => {
      dummy ??= hash('not-a-real-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
