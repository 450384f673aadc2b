import type { LiveChange } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { LiveHub } from './live.js';
import type { ApiInstance, HearthModule, ModuleContext, RootContext } from './module.js';

/**
 * Registers every module's routes under the API instance, each in its own encapsulated plugin, with a
 * live stream that refuses kinds the module did not declare (so a kind is never published by accident
 * under another feature's name). Two modules may not share a name or a live kind.
 */
export async function registerModules(
  api: ApiInstance,
  modules: readonly HearthModule[],
  ctx: Omit<ModuleContext, 'houseData'>,
): Promise<void> {
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
  for (const module of modules) {
    const live = declaredKindsOnly(ctx.live, module);
    await api.register(async (scope) => module.routes(scope, { ...ctx, live, houseData }));
  }
}

/** Registers the modules' routes that live outside /api, each in its own encapsulated plugin. */
export async function registerRootRoutes(
  app: FastifyInstance,
  modules: readonly HearthModule[],
  ctx: Omit<RootContext, 'houseData'>,
): Promise<void> {
  const houseData = modules.flatMap((m) => (m.houseData ? [m.houseData] : []));
  for (const module of modules) {
    const { rootRoutes } = module;
    if (rootRoutes) await app.register(async (scope) => rootRoutes(scope, { ...ctx, houseData }));
  }
}

function declaredKindsOnly(hub: LiveHub, module: HearthModule): LiveHub {
  const allowed = new Set(module.liveKinds);
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
