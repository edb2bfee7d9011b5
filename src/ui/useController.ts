import { useLayoutEffect, useMemo } from 'preact/hooks';

/**
 * The one way a view wires its controller: created once per `deps` with the first settings,
 * given its settings after every render through `update()` (the controller compares them by
 * value, `core/createSettings.ts`, and ignores equal ones), disposed on unmount. Layout effects,
 * not effects: a view removed before its effects ever ran would otherwise leave its controller
 * subscribed to the page.
 */
export function useController<Settings, C extends { update(settings: Settings): void; dispose(): void }>(
  create: () => C,
  settings: Settings,
  deps: readonly unknown[],
): C {
  const controller = useMemo(create, deps);
  useLayoutEffect(() => controller.update(settings));
  useLayoutEffect(() => () => controller.dispose(), [controller]);
  return controller;
}
