import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AwayIdParams,
  AwayInput,
  AwayList,
  AwayPeriod,
  ErrorBody,
  Ok,
  Task,
  TaskDoneInput,
  TaskHistory,
  TaskHistoryQuery,
  TaskIdParams,
  TaskInput,
  TaskList,
  TaskMembers,
  TaskStats,
  TaskStatsQuery,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { TasksService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['tasks'];

export const tasksRoutes: FastifyPluginAsyncTypebox<{ tasks: TasksService }> = async (app, { tasks }) => {
  app.get(
    '/task/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, response: { 200: TaskList, ...errors } },
    },
    async (request) => tasks.list(identityOf(request)),
  );

  app.post(
    '/task/',
    { schema: { tags, body: TaskInput, response: { 201: Task, ...errors } } },
    async (request, reply) => reply.status(201).send(await tasks.create(identityOf(request), request.body)),
  );

  app.get(
    '/task/stats',
    { schema: { tags, querystring: TaskStatsQuery, response: { 200: TaskStats, ...errors } } },
    async (request) => tasks.stats(identityOf(request), request.query.days),
  );

  app.get(
    '/task/members',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, response: { 200: TaskMembers, ...errors } },
    },
    async (request) => tasks.members(identityOf(request)),
  );

  app.put(
    '/task/:task_id',
    { schema: { tags, params: TaskIdParams, body: TaskInput, response: { 200: Task, ...errors } } },
    async (request) => tasks.update(identityOf(request), request.params.task_id, request.body),
  );

  app.delete(
    '/task/:task_id',
    { schema: { tags, params: TaskIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await tasks.remove(identityOf(request), request.params.task_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/task/:task_id/done',
    { schema: { tags, params: TaskIdParams, body: TaskDoneInput, response: { 200: Task, ...errors } } },
    async (request) => tasks.done(identityOf(request), request.params.task_id, request.body ?? {}),
  );

  app.post(
    '/task/:task_id/skip',
    { schema: { tags, params: TaskIdParams, response: { 200: Task, ...errors } } },
    async (request) => tasks.skip(identityOf(request), request.params.task_id),
  );

  app.post(
    '/task/:task_id/undo',
    { schema: { tags, params: TaskIdParams, response: { 200: Task, ...errors } } },
    async (request) => tasks.undo(identityOf(request), request.params.task_id),
  );

  app.get(
    '/task/:task_id/history',
    {
      schema: {
        tags,
        params: TaskIdParams,
        querystring: TaskHistoryQuery,
        response: { 200: TaskHistory, ...errors },
      },
    },
    async (request) => tasks.history(identityOf(request), request.params.task_id, request.query),
  );

  app.get(
    '/away/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, response: { 200: AwayList, ...errors } },
    },
    async (request) => tasks.awayPeriods(identityOf(request)),
  );

  app.post(
    '/away/',
    { schema: { tags, body: AwayInput, response: { 201: AwayPeriod, ...errors } } },
    async (request, reply) => reply.status(201).send(await tasks.addAway(identityOf(request), request.body)),
  );

  app.delete(
    '/away/:away_id',
    { schema: { tags, params: AwayIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await tasks.removeAway(identityOf(request), request.params.away_id);
      return { ok: true as const };
    },
  );
};
