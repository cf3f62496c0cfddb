import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { GROUP_MESSAGES as M, type GroupPeriod, type GroupRole } from '@shared/rules/groups';
import type { Assignment, CreateAssignmentBody, Group, GroupDetail, UpdateGroupBody } from '@shared/schemas/group';
import { api, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const G = () => api['question-tracker'].v1.groups;

const groupKeys = {
  all: ['groups'] as const,
  mine: (token: string | null) => ['groups', 'mine', token] as const,
  one: (id: string) => ['groups', 'one', id] as const,
  assignments: (id: string) => ['groups', 'one', id, 'assignments'] as const,
  grid: (id: string, assignmentId: string) => ['groups', 'one', id, 'grid', assignmentId] as const,
  board: (id: string, period: GroupPeriod) => ['groups', 'one', id, 'board', period] as const,
};

export const myGroupsQuery = (token: string | null) =>
  queryOptions({ queryKey: groupKeys.mine(token), queryFn: () => unwrap(G().$get({ query: {} })), enabled: !!token });

export const groupQuery = (id: string) => queryOptions({ queryKey: groupKeys.one(id), queryFn: () => unwrap(G()[':id'].$get({ param: { id } })) });

export const assignmentsQuery = (id: string) =>
  queryOptions({ queryKey: groupKeys.assignments(id), queryFn: async () => (await unwrap(G()[':id'].assignments.$get({ param: { id } }))).assignments });

export const gridQuery = (id: string, assignmentId: string) =>
  queryOptions({ queryKey: groupKeys.grid(id, assignmentId), queryFn: () => unwrap(G()[':id'].assignments[':assignmentId'].grid.$get({ param: { id, assignmentId } })) });

export const groupBoardQuery = (id: string, period: GroupPeriod) =>
  queryOptions({ queryKey: groupKeys.board(id, period), queryFn: () => unwrap(G()[':id'].leaderboard.$get({ param: { id }, query: { period } })) });

/** POST /groups/:id/:action: join, invites, assignments and accept share one route (api/routes/groups.ts). */
function action(id: string, name: string, body?: unknown) {
  return unwrap(
    G()[':id'][':action'].$post(
      { param: { id, action: name } },
      body === undefined ? {} : { headers: { 'content-type': 'application/json' }, init: { body: JSON.stringify(body) } },
    ),
  ) as Promise<unknown>;
}

export const groupCalls = {
  create: (json: { name: string; description?: string; timeZone?: string }) => unwrap(G().$post({ json })),
  update: (id: string, json: UpdateGroupBody) => unwrap(G()[':id'].$patch({ param: { id }, json })),
  remove: (id: string) => unwrap(G()[':id'].$delete({ param: { id } })),
  join: (code: string) => action('join', code) as Promise<{ group: Group }>,
  invite: (id: string, email: string) => action(id, 'invites', { email }),
  accept: (id: string) => action(id, 'accept') as Promise<{ group: Group }>,
  decline: (id: string) => unwrap(G()[':id'].invite.$delete({ param: { id } })),
  assign: (id: string, body: CreateAssignmentBody) => action(id, 'assignments', body) as Promise<{ assignment: Assignment }>,
  unassign: (id: string, assignmentId: string) => unwrap(G()[':id'].assignments[':assignmentId'].$delete({ param: { id, assignmentId } })),
  setRole: (id: string, userId: string, role: GroupRole) => unwrap(G()[':id'].members[':userId'].$patch({ param: { id, userId }, json: { role } })),
  hide: (id: string, userId: string, hideFromLeaderboards: boolean) => unwrap(G()[':id'].members[':userId'].$patch({ param: { id, userId }, json: { hideFromLeaderboards } })),
  removeMember: (id: string, userId: string) => unwrap(G()[':id'].members[':userId'].$delete({ param: { id, userId } })),
};

/** A group mutation that refreshes every group view and says how it went. */
export function useGroupMutation<A>(run: (arg: A) => Promise<unknown>, done: string, failed: string, after?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success(done);
      after?.();
    },
    onError: (err) => toast.failure(err instanceof Error && err.message ? err.message : failed, err),
    onSettled: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/**
 * Removing a member shows them gone at once and puts them back if the server refuses (spec: optimistic
 * updates roll back with a toast).
 */
export function useRemoveMember(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => groupCalls.removeMember(groupId, userId),
    onMutate: async (userId) => {
      await client.cancelQueries({ queryKey: groupKeys.one(groupId), exact: true });
      const before = client.getQueryData<GroupDetail>(groupKeys.one(groupId));
      if (before) client.setQueryData<GroupDetail>(groupKeys.one(groupId), { ...before, members: before.members.filter((m) => m.userId !== userId) });
      return { before };
    },
    onError: (err, _userId, context) => {
      if (context?.before) client.setQueryData(groupKeys.one(groupId), context.before);
      toast.failure(err instanceof Error && err.message ? err.message : M.removeFailed, err);
    },
    onSuccess: () => toast.success(M.removed),
    onSettled: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
