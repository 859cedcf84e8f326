import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id minimum: 19 MiB of memory, 2 passes, one lane.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

const verifyHash = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// Verifying against this when the e-mail is unknown makes both answers take as long.
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('certdesk-timing-equaliser');
  await verifyHash(await dummyHash, password);
};

/** An account with no usable password (activated by a reset code, decision 39) takes as long to refuse as any other. */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  if (!passwordHash.startsWith('$argon2')) return (await burnPasswordCheck(password), false);
  return verifyHash(passwordHash, password);
};

// The breached-password list of zxcvbn-ts (about 49 000 entries), loaded on first use: it costs a few MB
// and tens of milliseconds, which only the calls that set a password should pay.
let commonPasswords: Promise<Set<string>> | undefined;
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  ));

/** True for a password on the list, in any case: "Password1" is "password1" with one shift key. */
export const isCommonPassword = async (password: string): Promise<boolean> => (await loadCommonPasswords()).has(password.toLowerCase());
