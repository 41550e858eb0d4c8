import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Ed25519 key pair for access tokens: the account service signs with the private key, every other service
 * only ever receives the public key, so nothing but the account service can mint a session.
 * Keys come from JWT_PRIVATE_KEY / JWT_PUBLIC_KEY (PEM, through the configuration) or, for local runs, from files under DATA_DIR/keys,
 * created on first start by whoever is allowed to create them (the account service or the launcher).
 */
export interface SigningKeys {
  publicKey: string;
  privateKey?: string;
}

const keyFiles = (dataDir: string) => ({
  dir: path.join(dataDir, 'keys'),
  priv: path.join(dataDir, 'keys', 'jwt-ed25519.key'),
  pub: path.join(dataDir, 'keys', 'jwt-ed25519.pub'),
  internal: path.join(dataDir, 'keys', 'internal-token'),
});

export function ensureKeys(dataDir: string): void {
  const f = keyFiles(dataDir);
  fs.mkdirSync(f.dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(f.priv) || !fs.existsSync(f.pub)) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    fs.writeFileSync(f.priv, privateKey, { mode: 0o600 });
    fs.writeFileSync(f.pub, publicKey, { mode: 0o644 });
  }
  if (!fs.existsSync(f.internal)) fs.writeFileSync(f.internal, randomBytes(32).toString('hex'), { mode: 0o600 });
}

/** `given`: the configured JWT_PUBLIC_KEY / JWT_PRIVATE_KEY (KitConfig.jwtKeys); unset, the files under DATA_DIR/keys. */
export function loadKeys(opts: { dataDir: string; withPrivate: boolean; given?: Partial<SigningKeys> }): SigningKeys {
  const given = opts.given ?? {};
  if (given.publicKey) {
    if (opts.withPrivate && !given.privateKey) throw new Error('JWT_PRIVATE_KEY is required when JWT_PUBLIC_KEY is set for the account service.');
    return { publicKey: given.publicKey, privateKey: opts.withPrivate ? given.privateKey : undefined };
  }
  const f = keyFiles(opts.dataDir);
  if (!fs.existsSync(f.pub)) {
    if (!opts.withPrivate) {
      throw new Error(`No token verification key: set JWT_PUBLIC_KEY or start the account service first (looked in ${f.pub}).`);
    }
    ensureKeys(opts.dataDir);
  }
  return {
    publicKey: fs.readFileSync(f.pub, 'utf8'),
    privateKey: opts.withPrivate ? fs.readFileSync(f.priv, 'utf8') : undefined,
  };
}

/** Shared secret for service-to-service calls (`given`: the configured INTERNAL_TOKEN, else DATA_DIR/keys/internal-token). */
export function loadInternalToken(dataDir: string, given?: string): string {
  if (given) return given;
  const f = keyFiles(dataDir);
  if (!fs.existsSync(f.internal)) ensureKeys(dataDir);
  return fs.readFileSync(f.internal, 'utf8').trim();
}

/** The shared secret if this process was given one, without creating one (and keys with it) when it was not. */
export function findInternalToken(dataDir: string, given?: string): string | null {
  if (given) return given;
  const f = keyFiles(dataDir);
  return fs.existsSync(f.internal) ? fs.readFileSync(f.internal, 'utf8').trim() : null;
}

/** A fresh in-memory key pair and token (tests). */
export function generateTestKeys(): Required<SigningKeys> & { internalToken: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey, internalToken: randomBytes(16).toString('hex') };
}
