import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum cost (19 MiB, 2 passes): strong, and quick enough that a login
 * burst on two cores does not queue. A fixed dummy hash keeps "no such user" as slow as "wrong
 * password", so timing does not tell whether an account exists.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash('timing-equaliser-not-a-password', OPTIONS);
  const target = hash ?? (await dummyHash);
  try {
    const ok = await argon2.verify(target, password);
    return ok && Boolean(hash);
  } catch {
    return false;
  }
}
