import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');
const layers = ['api', 'core', 'ui', 'elements'] as const;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Every relative import of a file, as a path inside `src/` (`core/pageSearch.ts`). */
function imports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => relative(src, join(file, '..', m[1])));
}

describe('the direction of imports: elements → ui → core → api', () => {
  for (const [index, layer] of layers.entries()) {
    const above = layers.slice(index + 1);
    it(`keeps ${layer}/ free of imports from ${above.join(', ') || 'nothing above it'}`, () => {
      const wrong = files(join(src, layer)).flatMap((file) =>
        imports(file)
          .filter((target) => above.some((up) => target.startsWith(`${up}/`)))
          .map((target) => `${relative(src, file)} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});

describe('the API version is known to api/ alone', () => {
  // The `trove` command and the local service are Node tools that take the version as a setting of their own.
  it('is never read from a client outside api/ in the widgets', () => {
    const reads = files(src)
      .filter((file) => !/^(api|cli|service)\//.test(relative(src, file)))
      .filter((file) => /options\.apiVersion|\.apiVersion\s*===|===\s*['"]v[12]['"]/.test(readFileSync(file, 'utf8')));
    expect(reads.map((file) => relative(src, file))).toEqual([]);
  });

  it('is not even named in core/ and ui/', () => {
    const named = [...files(join(src, 'core')), ...files(join(src, 'ui'))].filter((file) =>
      /apiVersion|ApiVersion|['"]v[12]['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(named.map((file) => relative(src, file))).toEqual([]);
  });
});
