import type { LiveChange } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { LiveHub } from './live.js';
import type { ApiInstance, HearthModule, ModuleActions, ModuleContext, RootContext } from './module.js';
import { moduleActions } from './module-actions.js';

/** What the app hands over; the registration adds the house data hooks and the modules' actions. */
type SharedContext = Omit<ModuleContext, 'houseData' | 'actions' | 'provide'>;

/**
 * Registers every module's routes under the API instance, each in its own encapsulated plugin, with a
 * live stream that refuses kinds the module did not declare (so a kind is never published by accident
 * under another feature's name). Two modules may not share a name or a live kind, and every ModuleActions
 * entry must be provided by one of them. Answers the actions, for the root routes.
 */
export async function registerModules(
  api: ApiInstance,
  modules: readonly HearthModule[],
  ctx: SharedContext,
): Promise<ModuleActions> {
  const owners = new Map<string, string>();
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Two modules are named ${module.name}.`);
    names.add(module.name);
    for (const kind of module.liveKinds) {
      const owner = owners.get(kind);
      if (owner) throw new Error(`Live kind ${kind} is declared by both ${owner} and ${module.name}.`);
      owners.set(kind, module.name);
    }
  }
  const sections = new Set<string>();
  for (const module of modules) {
    if (!module.houseData) continue;
    const { section } = module.houseData;
    if (sections.has(section)) throw new Error(`Two modules export the house data section ${section}.`);
    sections.add(section);
  }
  const houseData = modules.flatMap((m) => (m.houseData ? [m.houseData] : []));
  const { actions, provide, assertComplete } = moduleActions();
  for (const module of modules) {
    const live = declaredKindsOnly(ctx.live, module);
    await api.register(async (scope) => module.routes(scope, { ...ctx, live, houseData, actions, provide }));
  }
  assertComplete();
  return actions;
}

/** Registers the modules' routes that live outside /api, each in its own encapsulated plugin. */
export async function registerRootRoutes(
  app: FastifyInstance,
  modules: readonly HearthModule[],
  ctx: Omit<RootContext, 'houseData' | 'provide'>,
): Promise<void> {
  const houseData = modules.flatMap((m) => (m.houseData ? [m.houseData] : []));
  const provide = () => {
    throw new Error("Actions are provided by modules' API routes, not their root routes.");
  };
  for (const module of modules) {
    const { rootRoutes } = module;
    if (rootRoutes) await app.register(async (scope) => rootRoutes(scope, { ...ctx, houseData, provide }));
  }
}

function declaredKindsOnly(hub: LiveHub, module: HearthModule): LiveHub {
  const allowed = new Set([...module.liveKinds, ...(module.publishesAlso ?? [])]);
  const check = (change: LiveChange) => {
    if (!allowed.has(change.kind)) {
      throw new Error(`Module ${module.name} published live kind ${change.kind}, which it does not declare.`);
    }
  };
  return {
    publish: (houseId, change) => {
      check(change);
      return hub.publish(houseId, change);
    },
    publishToUser: (userId, change) => {
      check(change);
      return hub.publishToUser(userId, change);
    },
    subscribe: (scope, subscriber, lastEventId) => hub.subscribe(scope, subscriber, lastEventId),
  };
}
