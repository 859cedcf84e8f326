import type { ErrorCode } from '@contract/errors';
import { fail } from './errors';

/**
 * The unique indexes a write may run into whose clash is the client's to fix, by index name: the coded answer each
 * becomes (a 409 of the error catalogue) and the field it is given at.
 */
export type UniqueAnswers = Record<string, readonly [code: ErrorCode, field: string]>;

/** The listed index a unique violation (PostgreSQL 23505) names, however the driver wraps it (drizzle: in `cause`). */
const violatedIndex = (error: unknown, answers: UniqueAnswers): string | undefined => {
  for (let current = error; current && typeof current === 'object';) {
    const { code, constraint, message, cause } = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (code === '23505') return Object.keys(answers).find((name) => constraint === name || message?.includes(name));
    current = cause;
  }
  return undefined;
};

/**
 * Runs a write and answers a listed unique violation with its coded refusal at its field (decision 092): the index
 * decides, also between two racing requests. Wrap the whole transaction: the violation has aborted it.
 */
export async function answeringUnique<T>(answers: UniqueAnswers, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = violatedIndex(error, answers);
    if (index === undefined) throw error;
    const [code, field] = answers[index]!;
    return fail(code, { fields: { [field]: code } });
  }
}
