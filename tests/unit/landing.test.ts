import type { Role } from '@contract/enums';
import { describe, expect, it } from 'vitest';
import { endArrival, expectArrival, tillOnly } from '@/lib/landing';

const viewer = (roles: Role[], company = true) => ({ roles, company, staff: false });

describe('landing (decision 066)', () => {
  it('sends only a person whose roles allow nothing but the till, with a company selected', () => {
    expect(tillOnly(viewer(['roleRedeemer']))).toBe(true);
    expect(tillOnly(viewer(['roleRedeemer'], false))).toBe(false);
    expect(tillOnly(viewer(['roleRedeemer', 'roleAccountant']))).toBe(false);
    expect(tillOnly(viewer(['roleRedeemer', 'roleAdmin']))).toBe(false);
    expect(tillOnly(viewer(['roleAdmin']))).toBe(false);
    expect(tillOnly(viewer([]))).toBe(false);
  });

  it('counts the first signed-in page as the arrival, and again after an auth page', () => {
    expect(endArrival()).toBe(true);
    expect(endArrival()).toBe(false);
    expectArrival();
    expect(endArrival()).toBe(true);
  });
});
