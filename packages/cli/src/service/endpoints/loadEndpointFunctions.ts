/**
 * The functions that answer the rows of src/api/endpoints.ts, found by each row's kind: the export
 * `<kind>Endpoint` of `<kind>Endpoint.ts` in this folder (the two feedback rows share
 * `feedbackEndpoint.ts`). So an endpoint's service side is its file alone, with no list of
 * functions to keep in step with the rows; test/service/endpointTable.test.ts finds a function
 * for every row and no endpoint file without a row. A file's function takes the requests of its
 * kind, its route typed by `RouteFor` (matchRoute.ts).
 */
import { ENDPOINTS } from 'trove-search-client';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';

export type EndpointFunction = (ctx: EndpointContext, request: EndpointRequest) => Promise<unknown>;

/** Every row's function by its kind, loaded once when the service is created (a missing one fails there, not on a request). */
export async function loadEndpointFunctions(): Promise<ReadonlyMap<string, EndpointFunction>> {
  const kinds = [...new Set(Object.values(ENDPOINTS).map((row) => row.kind))];
  return new Map(
    await Promise.all(
      kinds.map(async (kind) => {
        const module: Record<string, unknown> = await import(`./${kind}Endpoint.ts`);
        const fn = module[`${kind}Endpoint`];
        if (typeof fn !== 'function') throw new Error(`src/service/endpoints/${kind}Endpoint.ts exports no function ${kind}Endpoint`);
        return [kind, fn as EndpointFunction] as const;
      }),
    ),
  );
}
