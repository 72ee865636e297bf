import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  changeRoleRequestSchema,
  createGroupRequestSchema,
  createInviteRequestSchema,
  groupInviteListSchema,
  groupInviteSchema,
  groupListSchema,
  groupMemberPageSchema,
  groupMemberSchema,
  groupSchema,
  inviteAcceptedSchema,
  invitePreviewSchema,
  passOwnershipRequestSchema,
  updateGroupRequestSchema,
} from '#shared/schemas/groups.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import {
  changeRole,
  createGroup,
  deleteGroup,
  getGroup,
  leaveGroup,
  listGroups,
  listMembers,
  passOwnership,
  removeMember,
  updateGroup,
  type GroupDeps,
} from './groups.service.ts';
import {
  acceptInvite,
  createInvite,
  listInvites,
  previewInvite,
  revokeInvite,
} from './invites.service.ts';

type GroupParams = { Params: { id: string } };

/**
 * Groups, their members and invite links (decision 028). Every route reads the asker's
 * membership first (membership.ts): anyone outside a group is told it is not there.
 */
export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: GroupDeps = {
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    clock: ctx.clock,
    events: ctx.groupEvents,
    cursors: ctx.cursors,
  };

  app.get('/api/groups', respondsWith(groupListSchema), async (request) =>
    listGroups(deps.db, requireUser(request)),
  );

  app.post('/api/groups', respondsWith(groupSchema), async (request, reply) => {
    const userId = requireUser(request);
    const input = parseInput(createGroupRequestSchema, request.body);
    return reply.code(201).send(await createGroup(deps, userId, input));
  });

  app.get<GroupParams>('/api/groups/:id', respondsWith(groupSchema), async (request) =>
    getGroup(deps.db, requireUser(request), request.params.id),
  );

  app.patch<GroupParams>('/api/groups/:id', respondsWith(groupSchema), async (request) => {
    const userId = requireUser(request);
    const changes = parseInput(updateGroupRequestSchema, request.body);
    return updateGroup(deps, userId, request.params.id, changes);
  });

  app.delete<GroupParams>('/api/groups/:id', async (request, reply) => {
    await deleteGroup(deps, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post<GroupParams>('/api/groups/:id/leave', async (request, reply) => {
    await leaveGroup(deps, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.get<GroupParams>(
    '/api/groups/:id/members',
    respondsWith(groupMemberPageSchema),
    async (request) => {
      const userId = requireUser(request);
      const page = parseInput(pageQuerySchema, request.query);
      return listMembers(deps, userId, request.params.id, page);
    },
  );

  app.patch<{ Params: { id: string; userId: string } }>(
    '/api/groups/:id/members/:userId',
    respondsWith(groupMemberSchema),
    async (request) => {
      const userId = requireUser(request);
      const { role } = parseInput(changeRoleRequestSchema, request.body);
      return changeRole(deps, userId, request.params.id, request.params.userId, role);
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/api/groups/:id/members/:userId',
    async (request, reply) => {
      await removeMember(deps, requireUser(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post<GroupParams>('/api/groups/:id/owner', respondsWith(groupSchema), async (request) => {
    const userId = requireUser(request);
    const { user_id: heirId } = parseInput(passOwnershipRequestSchema, request.body);
    return passOwnership(deps, userId, request.params.id, heirId);
  });

  app.get<GroupParams>(
    '/api/groups/:id/invites',
    respondsWith(groupInviteListSchema),
    async (request) => listInvites(deps, requireUser(request), request.params.id),
  );

  app.post<GroupParams>(
    '/api/groups/:id/invites',
    respondsWith(groupInviteSchema),
    async (request, reply) => {
      const userId = requireUser(request);
      const input = parseInput(createInviteRequestSchema, request.body ?? {});
      return reply.code(201).send(await createInvite(deps, userId, request.params.id, input));
    },
  );

  app.delete<{ Params: { id: string; inviteId: string } }>(
    '/api/groups/:id/invites/:inviteId',
    async (request, reply) => {
      await revokeInvite(deps, requireUser(request), request.params.id, request.params.inviteId);
      return reply.code(204).send();
    },
  );

  // The link's page: anyone holding a valid link sees the group's name before joining.
  app.get<{ Params: { token: string } }>(
    '/api/group-invites/:token',
    respondsWith(invitePreviewSchema),
    async (request) => previewInvite(deps, request.userId ?? undefined, request.params.token),
  );

  app.post<{ Params: { token: string } }>(
    '/api/group-invites/:token/accept',
    respondsWith(inviteAcceptedSchema),
    async (request) => acceptInvite(deps, requireUser(request), request.params.token),
  );
}
