import { useLayoutEffect, useMemo } from 'preact/hooks';

/**
 * The one way a view wires its controller: created once per `deps` with the first settings,
 * given every later setting through `update()` (the controller ignores equal ones), disposed on
 * unmount. `settings` must be plain data (compared as JSON). Layout effects, not effects: a view
 * removed before its effects ever ran would otherwise leave its controller subscribed to the page.
 */
export function useController<Settings, C extends { update(settings: Settings): void; dispose(): void }>(
  create: () => C,
  settings: Settings,
  deps: readonly unknown[],
): C {
  const controller = useMemo(create, deps);
  const key = JSON.stringify(settings);
  useLayoutEffect(() => controller.update(settings), [controller, key]);
  useLayoutEffect(() => () => controller.dispose(), [controller]);
  return controller;
}
