import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHandler, ENDPOINTS, type EndpointName, type EndpointRow } from 'trove-search-client';
import { buildPath } from 'trove-search-client';
import { loadEndpointFunctions } from '../../src/service/endpoints/loadEndpointFunctions.ts';
import { BUILT_IN_HANDLERS } from '../../src/service/endpoints/loadHandlers.ts';
import { matchEndpoints, matchRequest } from '../../src/service/endpoints/matchRoute.ts';

const rows = Object.entries(ENDPOINTS) as [EndpointName, EndpointRow][];

describe('the table of endpoints', () => {
  it('gives every path the client builds back to its own row, in each version it has, with and without a handler', () => {
    for (const [name, row] of rows) {
      for (const version of row.versions) {
        for (const handler of row.path.includes('{') ? [undefined, 'mine'] : [undefined]) {
          const path = buildPath(version, 'my site', 'blog/1', row.path as never, handler);
          const match = matchEndpoints(path).find((m) => m.name === name);
          expect(match?.route, `${name} ${version} ${path}`).toMatchObject({
            version,
            project: 'my site',
            collection: 'blog/1',
            kind: row.kind,
          });
          if (row.path.includes('{')) {
            const named = handler ?? (row.path.includes('{}') ? null : defaultHandler(row));
            expect((match?.route as { handler?: string | null } | undefined)?.handler).toBe(named);
          }
        }
      }
    }
  });

  it('has no path in a version a row lacks', () => {
    for (const [name, row] of rows) {
      for (const version of (['v1', 'v2'] as const).filter((v) => !(row.versions as readonly string[]).includes(v))) {
        const path = buildPath(version, 'demo', 'blog', row.path as never);
        expect(matchEndpoints(path).map((m) => m.name)).not.toContain(name);
      }
    }
  });

  it('answers a path with the methods of every row that has it, and a method with its own row', () => {
    const path = buildPath('v2', 'demo', 'blog', 'autocomplete/{}/feedback/hits');
    expect(matchRequest(path, 'DELETE')).toEqual({ allowed: ['GET', 'POST'], match: undefined });
    expect(matchRequest(path, 'POST')?.match?.name).toBe('autocompleteFeedback');
    expect(matchRequest('/api/v2/projects/demo/nothing', 'GET')).toBeNull();
  });

  it('has a function for every row, no endpoint file without a row, and a built-in handler for every group of handlers', async () => {
    const functions = await loadEndpointFunctions();
    for (const [name, row] of rows) expect(functions.get(row.kind), name).toBeTypeOf('function');
    const files = readdirSync(join(import.meta.dirname, '../../src/service/endpoints')).filter((file) => file.endsWith('Endpoint.ts'));
    expect(files.map((file) => file.slice(0, -'Endpoint.ts'.length)).sort()).toEqual([...functions.keys()].sort());
    expect(BUILT_IN_HANDLERS).toEqual({ search: 'default', autocomplete: 'suggest', recommend: 'recommend' });
    for (const [, row] of rows) {
      if (row.handlers) expect(defaultHandler(row)).toBe(BUILT_IN_HANDLERS[row.handlers.group]);
    }
  });
});
