import * as v from 'valibot';
import { ROLES } from '../enums';
import { newPassword, REPEAT_PATHS, repeatMatches } from './auth';
import { currentPassword, email, NAME_MAX, oneOf, phone, requiredText, textLines, token } from './fields';
import { pageNumber, supplierId } from './redemption';

/**
 * A company's people (SPEC §2 /users, §3 User, §5, §6; decision 53): what the
 * admin's screens send, checked alike by the form and the server.
 */

export const SEARCH_MAX = 100;
export const BLOCK_REASON_MAX = 500;
export const USER_PAGE_SIZE = 20;

export const userId = v.pipe(
  v.string((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
  v.uuid('USER_NOT_FOUND'),
);

/** SPEC §5: at least one role; a role given twice counts once. */
export const roles = v.pipe(
  v.array(oneOf(ROLES), 'ROLE_REQUIRED'),
  v.maxLength(ROLES.length * 2, 'TOO_MANY'),
  v.transform((list) => ROLES.filter((role) => list.includes(role))),
  v.minLength(1, 'ROLE_REQUIRED'),
);

export const userListQuery = v.object({
  supplierId,
  /** Part of a name or an e-mail, any case. */
  search: v.optional(v.pipe(v.string('WRONG_TYPE'), v.maxLength(SEARCH_MAX, 'TOO_LONG'), v.trim())),
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(USER_PAGE_SIZE, 100),
});

export const userQuery = v.object({ supplierId, userId });

export const addUserBody = v.object({
  supplierId,
  secondName: requiredText(NAME_MAX),
  firstName: requiredText(NAME_MAX),
  email,
  phone,
  roles,
});

export const setRolesBody = v.object({ supplierId, userId, roles });

export const blockBody = v.object({
  supplierId,
  userId,
  /** Why, for the history; optional. */
  reason: v.optional(textLines(BLOCK_REASON_MAX)),
});

/** unblock, resend-invitation and withdraw-invitation name only the person. */
export const userBody = v.object({ supplierId, userId });

/**
 * The invitation link (decision 074): GET only checks it; someone new sets a password (accept), an account holder
 * gives theirs (join); either way they join and are signed in.
 */
export const invitationQuery = v.object({ token });
export const acceptInvitationBody = v.pipe(
  v.object({ token, ...newPassword }),
  v.forward(v.partialCheck(REPEAT_PATHS, repeatMatches, 'PASSWORDS_DO_NOT_MATCH'), ['repeatPassword']),
);
export const joinInvitationBody = v.object({ token, password: currentPassword });

/** The signed-in person's answer to an invitation in the app. */
export const invitationChoiceBody = v.object({ supplierId });

export type UserListQuery = v.InferInput<typeof userListQuery>;
export type AddUserBody = v.InferInput<typeof addUserBody>;
export type SetRolesBody = v.InferInput<typeof setRolesBody>;
export type BlockBody = v.InferInput<typeof blockBody>;
export type AcceptInvitationBody = v.InferInput<typeof acceptInvitationBody>;
export type JoinInvitationBody = v.InferInput<typeof joinInvitationBody>;
