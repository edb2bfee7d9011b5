import type { Route } from './matchRoute.ts';

/** The HTTP methods an endpoint answers (besides OPTIONS). */
export function allowedMethods(route: Route): string[] {
  if (route.kind === 'index') return ['POST'];
  if (route.kind === 'feedback') return ['GET', 'POST'];
  return ['GET'];
}
