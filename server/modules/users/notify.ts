import { COUNTRY_REGION } from '../../../src/contract/company';
import { regionLanguage, type Country } from '../../../src/contract/enums';
import { INVITATION_TTL_DAYS } from '../../../src/contract/users';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import type { Deps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { enqueueMail } from '../../mail/outbox';

const DAY_MS = 86_400_000;

export interface Company {
  id: string;
  name: string;
  country: Country;
}

/** A company's mails speak its region's language. */
const languageOf = (company: Company) => regionLanguage(COUNTRY_REGION[company.country]);

/**
 * Gives the person a new invitation link to the company and mails it: a new token replaces the old
 * one (whose link stops working at once) and the 7 days start again, so an expired invitation revives.
 */
export async function sendInvitation(
  tx: Executor,
  deps: Deps,
  invite: { company: Company; user: { id: string; email: string; firstName: string }; invitedBy: string },
  now: Date,
): Promise<void> {
  const token = randomToken(32);
  const fresh = {
    tokenHash: sha256(token),
    invitedBy: invite.invitedBy,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  };
  await tx
    .insert(invitations)
    .values({ userId: invite.user.id, supplierId: invite.company.id, createdAt: now, ...fresh })
    .onConflictDoUpdate({ target: [invitations.userId, invitations.supplierId], set: { ...fresh, acceptedAt: null } });
  const link = new URL('/invitation', deps.config.PUBLIC_URL);
  link.search = new URLSearchParams({ token }).toString();
  await enqueueMail(
    tx,
    {
      to: invite.user.email,
      template: 'memberInvited',
      language: languageOf(invite.company),
      params: { firstName: invite.user.firstName, companyName: invite.company.name, link: link.toString(), days: INVITATION_TTL_DAYS },
    },
    now,
  );
}

/** Tells someone who already has an account that the company has added them. */
export async function mailMemberAdded(tx: Executor, deps: Deps, company: Company, email: string, now: Date): Promise<void> {
  await enqueueMail(
    tx,
    {
      to: email,
      template: 'memberAdded',
      language: languageOf(company),
      params: { companyName: company.name, link: new URL('/', deps.config.PUBLIC_URL).toString() },
    },
    now,
  );
}
