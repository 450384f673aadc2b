import type { ModuleActions } from './module.js';

type ActionName = keyof ModuleActions;

/**
 * The board the modules' actions are handed over on: `actions` forwards each call to the module that
 * provided it, `provide` is given to the modules, `assertComplete` runs once every module is registered.
 */
export function moduleActions(): {
  actions: ModuleActions;
  provide: <K extends ActionName>(name: K, action: ModuleActions[K]) => void;
  assertComplete: () => void;
} {
  const provided: Partial<ModuleActions> = {};
  // Typed as ModuleActions, so a new action must be listed here too.
  const actions: ModuleActions = {
    markTaskDone: async (...args) => required('markTaskDone')(...args),
  };
  const names = Object.keys(actions) as ActionName[];
  function required<K extends ActionName>(name: K): ModuleActions[K] {
    const action = provided[name];
    if (!action) throw new Error(`No module provides the action ${name}.`);
    return action as ModuleActions[K];
  }
  return {
    actions,
    provide(name, action) {
      if (provided[name]) throw new Error(`The action ${name} is provided twice.`);
      provided[name] = action;
    },
    assertComplete() {
      const missing = names.filter((name) => !provided[name]);
      if (missing.length > 0) throw new Error(`No module provides the action(s) ${missing.join(', ')}.`);
    },
  };
}
