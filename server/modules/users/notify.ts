import { COUNTRY_REGION } from '@contract/company';
import { regionLanguage, type Country, type Role } from '@contract/enums';
import { INVITATION_TTL_DAYS } from '@contract/users';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { mailLink } from '../../lib/links';
import { enqueueMail } from '../../mail/outbox';

const DAY_MS = 86_400_000;

export interface Company {
  id: string;
  name: string;
  country: Country;
}

/** What the company offers and typed: the roles, and the names and phone it knows the person by. */
export interface Offer {
  roles: Role[];
  firstName: string;
  secondName: string;
  phone: string;
}

/** A company's mails speak its region's language. */
const languageOf = (company: Company) => regionLanguage(COUNTRY_REGION[company.country]);

/**
 * Gives the person a new invitation link to the company and mails it (decisions 53, 074): a new token replaces the
 * old one (whose link stops working at once) and the 7 days start again, so an expired invitation revives. `offer`
 * is given when the company invites, not when it sends the link again. Someone without a password yet is asked to
 * set one; an existing account to sign in and accept; an account the marketplace blocked gets no mail.
 */
export async function sendInvitation(
  tx: Executor,
  deps: Deps,
  invite: { company: Company; userId: string; invitedBy: string; offer?: Offer },
  now: Date,
): Promise<void> {
  const token = randomToken(32);
  const fresh = {
    tokenHash: sha256(token),
    invitedBy: invite.invitedBy,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    acceptedAt: null,
  };
  const [row] = invite.offer
    ? await tx
        .insert(invitations)
        .values({ userId: invite.userId, supplierId: invite.company.id, createdAt: now, ...invite.offer, ...fresh })
        .onConflictDoUpdate({ target: [invitations.userId, invitations.supplierId], set: { ...invite.offer, ...fresh, createdAt: now } })
        .returning({ typedFirstName: invitations.firstName })
    : await tx
        .update(invitations)
        .set(fresh)
        .where(and(eq(invitations.userId, invite.userId), eq(invitations.supplierId, invite.company.id)))
        .returning({ typedFirstName: invitations.firstName });
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName, status: users.status, region: users.region })
    .from(users)
    .where(eq(users.id, invite.userId));
  if (!row || !person || person.status === 'blocked') return;
  const params = {
    companyName: invite.company.name,
    link: mailLink(deps.config, person.region, 'invitation', { token }),
    days: INVITATION_TTL_DAYS,
  };
  // Shown on the person's page if it cannot be delivered (decision 082).
  const about = { supplierId: invite.company.id, senderId: invite.invitedBy, topic: 'invitation' as const, reference: invite.userId };
  await enqueueMail(
    tx,
    person.status === 'pending'
      ? // A new address is greeted by the name the company typed; an unconfirmed registrant's own is not the company's.
        {
          to: person.email,
          template: 'memberInvited',
          language: languageOf(invite.company),
          params: { ...params, firstName: row.typedFirstName },
          about,
        }
      : {
          to: person.email,
          template: 'memberInvitedAccount',
          language: languageOf(invite.company),
          params: { ...params, firstName: person.firstName },
          about,
        },
    now,
  );
}
