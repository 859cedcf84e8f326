import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id minimum: 19 MiB of memory, 2 passes, one lane.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
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
  await verifyPassword(await dummyHash, password);
};
