import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';

/** What kind of key pair: RSA of a size, or EC on a named curve. */
export type KeyPairSpec = { type: 'rsa'; modulusLength: number } | { type: 'ec'; namedCurve: string };

export interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/**
 * Node 20 can deadlock exporting a key straight from `generateKeyPair(Sync)`: the export holds the
 * key's lock while it allocates, a garbage collection then frees the finished generation job, and the
 * job's destructor takes the same lock (seen in CI as a test process asleep for good:
 * `KeyGenJob<EcKeyGenTraits>::~KeyGenJob` under `KeyObjectHandle::ExportJWK`). Generated with
 * encodings, the job hands back bytes, and the keys made from them here share no lock with it.
 */
function fromDer(pair: DerPair): KeyPair {
  return {
    publicKey: createPublicKey({ key: pair.publicKey, format: 'der', type: 'spki' }),
    privateKey: createPrivateKey({ key: pair.privateKey, format: 'der', type: 'pkcs8' }),
  };
}

// As constants, not a spread object of both: TypeScript then picks the overloads that answer bytes.
const spki = { type: 'spki', format: 'der' } as const;
const pkcs8 = { type: 'pkcs8', format: 'der' } as const;

type DerPair = { publicKey: Buffer; privateKey: Buffer };

/** A new key pair that is safe to export (see fromDer). */
export function keyPairSync(spec: KeyPairSpec): KeyPair {
  if (spec.type === 'rsa')
    return fromDer(
      generateKeyPairSync('rsa', {
        modulusLength: spec.modulusLength,
        publicKeyEncoding: spki,
        privateKeyEncoding: pkcs8,
      }),
    );
  return fromDer(
    generateKeyPairSync('ec', {
      namedCurve: spec.namedCurve,
      publicKeyEncoding: spki,
      privateKeyEncoding: pkcs8,
    }),
  );
}

/** The same, generated off the event loop. */
export function newKeyPair(spec: KeyPairSpec): Promise<KeyPair> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, publicKey: Buffer, privateKey: Buffer) =>
      error ? reject(error) : resolve(fromDer({ publicKey, privateKey }));
    if (spec.type === 'rsa')
      generateKeyPair(
        'rsa',
        { modulusLength: spec.modulusLength, publicKeyEncoding: spki, privateKeyEncoding: pkcs8 },
        done,
      );
    else
      generateKeyPair(
        'ec',
        { namedCurve: spec.namedCurve, publicKeyEncoding: spki, privateKeyEncoding: pkcs8 },
        done,
      );
  });
}
