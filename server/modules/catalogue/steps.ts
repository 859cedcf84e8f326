import { OWN_CODE_DEFAULTS, type ProductData, type ProductStep, type TechnicalInformation } from '@contract/catalogue';
import type { Country } from '@contract/enums';
import type { ErrorCode } from '@contract/errors';
import type { StepData } from '@contract/schemas/catalogue';
import { fail } from '../../lib/errors';
import { compilePattern } from '../../lib/pattern';
import type { ProductChange } from './change';
import { applyEdit, type ProductRow } from './working-copy';

/** Problems by field, named `step.field` (`terms.validity.date`). */
type ProductIssues = Record<string, ErrorCode>;

const PATTERNS = [
  ['codePattern', 'sampleCode'],
  ['pinPattern', 'samplePin'],
] as const;

/** A provider's patterns must compile with RE2, and the samples given must match them. */
function patternIssues(information: TechnicalInformation): ProductIssues {
  const issues: ProductIssues = {};
  for (const [pattern, sample] of PATTERNS) {
    if (!information[pattern]) continue;
    const compiled = compilePattern(information[pattern]);
    if (!compiled) issues[`information.${pattern}`] = 'PATTERN_INVALID';
    else if (information[sample] && !compiled.matches(information[sample])) issues[`information.${sample}`] = 'SAMPLE_MISMATCH';
  }
  return issues;
}

/**
 * The rules no step's schema can judge alone: the company's country, another step, the engine that
 * runs patterns, today's date. Submit checks them all; saving a step checks those about that step.
 */
export function productIssues(data: ProductData, country: Country, now: Date): ProductIssues {
  const { characteristics, information, terms } = data;
  const issues: ProductIssues = {
    ...(country === 'KZ' && !characteristics.nameKz && { 'characteristics.nameKz': 'NAME_KZ_REQUIRED' }),
    ...(information && patternIssues(information)),
  };
  if (terms && information && information.acceptance !== 'online' && !terms.receptionPoints.length)
    issues['terms.receptionPoints'] = 'RECEPTION_POINT_REQUIRED';
  // The last day must still be ahead: a certificate issued today must not expire today.
  if (terms?.validity.kind === 'fixedDate' && terms.validity.date <= now.toISOString().slice(0, 10))
    issues['terms.validity.date'] = 'VALIDITY_DATE_PAST';
  return issues;
}

/** Refuses a step whose data breaks a rule about it, naming the fields as the request does (`data.…`). */
export function checkStep(data: ProductData, step: ProductStep, country: Country, now: Date): void {
  const prefix = `${step}.`;
  const fields = Object.fromEntries(
    Object.entries(productIssues(data, country, now))
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, code]) => [`data.${field.slice(prefix.length)}`, code]),
  );
  if (Object.keys(fields).length) fail('VALIDATION_ERROR', { fields });
}

/**
 * Switching from provider codes to own codes resets the code settings (SPEC §4), only when the
 * caller confirms it: the platform's numbers need none of the provider's barcode, samples or patterns.
 */
async function withCodeReset(change: ProductChange, next: TechnicalInformation, confirmed: boolean): Promise<TechnicalInformation> {
  if (change.row.data.information?.codeType !== 'provider' || next.codeType !== 'own') return next;
  if (!confirmed) return fail('CODE_RESET_CONFIRMATION_REQUIRED');
  await change.record('codeReset');
  return { ...next, ...OWN_CODE_DEFAULTS };
}

/** Saves one step of the working copy, once it passes the rules about it, and marks the step completed. */
export async function saveStep(change: ProductChange, body: StepData): Promise<ProductRow> {
  const { row, company, now } = change;
  const part = body.step === 'information' ? await withCodeReset(change, body.data, body.confirmCodeReset) : body.data;
  const data: ProductData = { ...row.data, [body.step]: part };
  checkStep(data, body.step, company.country, now);
  return applyEdit(change.tx, row, { data, step: body.step, complete: true }, change.editor, now);
}
