import type { FeedbackEntry } from './createStore.ts';
import type { EndpointContext } from './EndpointContext.ts';
import type { Route } from './matchRoute.ts';
import { parseJsonBody } from './parseJsonBody.ts';
import { resolveHandler } from './resolveHandler.ts';
import { ServiceError } from './ServiceError.ts';

/**
 * Feedback (v2 only): GET query, or POST body form-encoded (also `text/plain` from sendBeacon) or
 * JSON; body wins over query. Required: autocomplete `query` and `item_order`; recommendation
 * `source_id`, `target_id`, `item_order`; `item_order` a positive integer. Handlers: autocomplete
 * `suggest` or a custom autocomplete handler; recommendation `default` (as API.md names it),
 * `recommend` or a custom recommend handler. Appended to the feedback log before the answer.
 */
export async function feedbackEndpoint(
  ctx: EndpointContext,
  route: Route & { kind: 'feedback' },
  params: URLSearchParams,
  body: string | null,
  contentType: string,
): Promise<null> {
  ctx.registry.find(route.project, route.collection);
  if (route.target === 'autocomplete') resolveHandler(ctx.handlers, 'autocomplete', route.handler);
  else resolveHandler(ctx.handlers, 'recommend', route.handler, ['default']);
  const values: Record<string, string> = {};
  for (const [name, value] of params) if (name !== 'token') values[name] = value;
  if (body !== null && body.trim() !== '') {
    if (contentType.toLowerCase().includes('json')) {
      const parsed = parseJsonBody(body, 'feedback must be a JSON object or form-encoded');
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new ServiceError(400, 'Invalid feedback body: expected a JSON object of parameters');
      }
      for (const [name, value] of Object.entries(parsed)) {
        if (name === 'token' || value === null || value === undefined) continue;
        values[name] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
    } else {
      for (const [name, value] of new URLSearchParams(body)) if (name !== 'token') values[name] = value;
    }
  }
  const required = route.target === 'autocomplete' ? ['query', 'item_order'] : ['source_id', 'target_id', 'item_order'];
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw new ServiceError(400, `Missing ${missing.join(', ')}: ${route.target} feedback needs ${required.join(', ')}`);
  }
  if (!/^[1-9]\d*$/.test(values.item_order!)) {
    throw new ServiceError(400, `Invalid item_order ${JSON.stringify(values.item_order)}: must be a positive integer (1-based position)`);
  }
  const entry: FeedbackEntry = {
    time: new Date().toISOString(),
    kind: route.target,
    version: 'v2',
    handler: route.handler,
    project: route.project,
    collection: route.collection,
    params: values,
  };
  await ctx.registry.store.appendFeedback(entry);
  return null;
}
