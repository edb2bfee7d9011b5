import type { ReadonlySignal } from '@preact/signals';
import { useLayoutEffect, useMemo } from 'preact/hooks';
import { useSignalValue } from './useSignalValue.ts';

/**
 * The one way a view wires its controller: created once per `deps` with the first settings,
 * given its settings after every render through `update()` (the controller compares them by
 * value, `core/createSettings.ts`, and ignores equal ones), disposed on unmount; the view renders
 * again whenever the controller's state changes (and with it the children it hands the
 * controller). Layout effects, not effects: a view removed before its effects ever ran would
 * otherwise leave its controller subscribed to the page.
 */
export function useController<Settings, C extends { state: ReadonlySignal<unknown>; update(settings: Settings): void; dispose(): void }>(
  create: () => C,
  settings: Settings,
  deps: readonly unknown[],
): C {
  const controller = useMemo(create, deps);
  useLayoutEffect(() => controller.update(settings));
  useLayoutEffect(() => () => controller.dispose(), [controller]);
  useSignalValue(controller.state);
  return controller;
}
