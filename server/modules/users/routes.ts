import {
  acceptInvitationBody,
  addUserBody,
  blockBody,
  invitationChoiceBody,
  invitationQuery,
  joinInvitationBody,
  setRolesBody,
  userBody,
  userListQuery,
  userQuery,
} from '@contract/schemas/users';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as change from './change';
import * as invitation from './invitation';
import * as view from './view';

const tag = 'users';

/** A company's people, for its admins (decision 53): mounted by the supplier routes under /api/front/supplier/users. */
export const supplierUserRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({ tag, can: 'manageUsers', summary: "The company's people: roles and status; search by name or e-mail" }),
      validate('query', userListQuery),
      async (c) => sendData(c, await view.listMembers(deps, c.var.auth, c.req.valid('query'))),
    )
    .get(
      '/info',
      describe({ tag, can: 'manageUsers', summary: 'One person: roles, status, invitation and the history of changes' }),
      validate('query', userQuery),
      async (c) => sendData(c, await view.memberDetails(deps, c.var.auth, c.req.valid('query'))),
    )
    .post(
      '/add',
      describe({
        tag,
        can: 'manageUsers',
        summary: 'Invite a person by e-mail: they join once they accept (only a company that passed moderation invites)',
      }),
      validate('json', addUserBody),
      async (c) => sendData(c, await change.addMember(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/roles',
      describe({ tag, can: 'manageUsers', summary: "Change a person's roles (at least one; the last admin stays one)" }),
      validate('json', setRolesBody),
      async (c) => sendData(c, await change.setRoles(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/block',
      describe({ tag, can: 'manageUsers', summary: "Block a person's access to this company (not an admin)" }),
      validate('json', blockBody),
      async (c) => sendData(c, await change.blockMember(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/unblock',
      describe({ tag, can: 'manageUsers', summary: "Restore a person's access to this company" }),
      validate('json', userBody),
      async (c) => sendData(c, await change.unblockMember(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/resend-invitation',
      describe({ tag, can: 'manageUsers', summary: 'Mail the invitation again with a new link (the old one stops working)' }),
      validate('json', userBody),
      async (c) => sendData(c, await change.resendInvitation(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/withdraw-invitation',
      describe({ tag, can: 'manageUsers', summary: 'Take back an invitation not accepted yet (its link stops working)' }),
      validate('json', userBody),
      async (c) => sendData(c, await change.withdrawInvitation(deps, c.var.auth, c.req.valid('json'))),
    );

/** The invitation link, for someone not signed in: under /api/front/invitation. */
export const invitationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get(
      '/check',
      describe({ tag, summary: 'Whether an invitation link is good, and for a new or an existing account (changes nothing)' }),
      validate('query', invitationQuery),
      async (c) => sendData(c, await invitation.checkInvitation(deps, c.req.valid('query').token)),
    )
    .post(
      '/accept',
      describe({ tag, summary: 'Someone new: set a password, join the company and sign in' }),
      validate('json', acceptInvitationBody),
      async (c) => sendData(c, await invitation.acceptInvitation(deps, c.req.valid('json'))),
    )
    .post(
      '/join',
      describe({ tag, summary: 'An account holder: join the company with the account password and sign in' }),
      validate('json', joinInvitationBody),
      async (c) => sendData(c, await invitation.joinByLink(deps, c.req.valid('json'), c.var.clientIp)),
    );

/** The signed-in person's own invitations, answered in the app: under /api/front/user/invitations. */
export const myInvitationRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get('/list', describe({ tag, summary: 'Invitations waiting for my answer' }), async (c) =>
      sendData(c, { items: await invitation.myInvitations(deps, c.var.auth) }),
    )
    .post(
      '/accept',
      describe({ tag, summary: 'Accept an invitation: join the company with the roles offered' }),
      validate('json', invitationChoiceBody),
      async (c) => sendData(c, await invitation.acceptMine(deps, c.var.auth, c.req.valid('json'))),
    )
    .post('/decline', describe({ tag, summary: 'Decline an invitation' }), validate('json', invitationChoiceBody), async (c) =>
      sendData(c, await invitation.declineMine(deps, c.var.auth, c.req.valid('json'))),
    );
