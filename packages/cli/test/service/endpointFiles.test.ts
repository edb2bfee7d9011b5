import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's root: the packages' sources and docs/. */
const root = join(import.meta.dirname, '../../../..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(tsx?|md)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** What names the delete endpoint: its row, its function, the client's method and its type, its docs. */
const MARKS = /kind: 'delete'|\bdeleteEndpoint\b|'DELETE', 'delete: ids'|\bdelete\(ids: |### Delete documents/;
/** The record's and the engine's support, which any endpoint that changes documents needs. */
const SUPPORT = /^packages\/cli\/src\/service\/(store|engine)\//;

describe('adding an endpoint through the table', () => {
  it('touched only the files docs/architecture.md lists for the delete extension (besides the record and the engine)', () => {
    const sources = readdirSync(join(root, 'packages')).flatMap((name) => files(join(root, 'packages', name, 'src')));
    const naming = [...sources, join(root, 'docs/http-api.md')]
      .map((file) => relative(root, file))
      .filter((file) => !SUPPORT.test(file) && MARKS.test(readFileSync(join(root, file), 'utf8')))
      .sort();
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const listed = /<!-- endpoint-files:delete -->([\s\S]*?)<!-- \/endpoint-files -->/
      .exec(doc)![1]!
      .match(/`([^`]+)`/g)!
      .map((name) => name.slice(1, -1))
      .filter((name) => name.includes('/'))
      .sort();
    expect(naming).toEqual(listed);
    expect(listed.length).toBeLessThanOrEqual(4);
  });
});
