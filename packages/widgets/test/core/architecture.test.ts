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

describe('the table of endpoints stays out of the browser', () => {
  // Its rows are for the service; the client writes the patterns it uses (src/api/endpoints.ts).
  it('is imported by the widgets for its types only', () => {
    const widgets = layers.flatMap((layer) => files(join(src, layer)));
    const runtime = widgets.filter((file) =>
      /^import\s+(?!type\b)[^;]*from\s+['"][./]*\/?(api\/)?endpoints\.ts['"]/m.test(readFileSync(file, 'utf8')),
    );
    expect(runtime.map((file) => relative(src, file))).toEqual([]);
  });
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

describe('the Node tools use only api/ of the widgets’ code', () => {
  // `trove serve` is a command of the CLI: the one import across, to the service's entry, loaded only by that command.
  const allowed = new Set(['cli/runCli.ts → service/runServe.ts']);
  for (const tool of ['cli', 'service'] as const) {
    it(`keeps ${tool}/ importing only api/ and its own folders`, () => {
      const wrong = files(join(src, tool)).flatMap((file) =>
        imports(file)
          // Outside src/ (package.json) is no layer.
          .filter((target) => !target.startsWith('../') && !target.startsWith('api/') && !target.startsWith(`${tool}/`))
          .map((target) => `${relative(src, file)} → ${target}`)
          .filter((edge) => !allowed.has(edge)),
      );
      expect(wrong).toEqual([]);
    });
  }
});

describe('the folders of the service import downward only', () => {
  /** From the top: each folder imports the folders after it (and the shared base, and api/), never one before it. */
  const order = ['http', 'endpoints', 'store', 'analytics', 'engine', 'sample'] as const;
  /** The entry files may import every folder; the shared base imports none. */
  const base = ['ServiceError.ts', 'limits.ts', 'types.ts', 'escapeControl.ts'].map((name) => `service/${name}`);
  const service = join(src, 'service');

  it('has a place in that order for every folder of the service', () => {
    const folders = readdirSync(service, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...order].sort());
  });

  for (const [index, folder] of order.entries()) {
    it(`keeps service/${folder}/ importing only ${order.slice(index + 1).join(', ') || 'no other folder'} and the shared base`, () => {
      const below = order.slice(index + 1).map((name) => `service/${name}/`);
      const wrong = files(join(service, folder)).flatMap((file) =>
        imports(file)
          .filter((target) => target.startsWith('service/'))
          .filter(
            (target) => !target.startsWith(`service/${folder}/`) && !below.some((b) => target.startsWith(b)) && !base.includes(target),
          )
          .map((target) => `${relative(src, file)} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it('keeps the shared base free of imports from the folders', () => {
    const wrong = base.flatMap((file) =>
      imports(join(src, file))
        .filter((target) => target.startsWith('service/') && !base.includes(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the size of a folder and of a file', () => {
  // src/cli is reorganised by issue 31 (its sources and page readers get folders of their own).
  const exempt = ['cli'];

  it('keeps every folder of src/ at 25 files or fewer directly', () => {
    const crowded: string[] = [];
    const walk = (dir: string) => {
      const entries = readdirSync(dir, { withFileTypes: true });
      const count = entries.filter((entry) => entry.isFile()).length;
      const name = relative(src, dir);
      if (count > 25 && !exempt.includes(name)) crowded.push(`${name || 'src'}: ${count}`);
      for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
    };
    walk(src);
    expect(crowded).toEqual([]);
  });

  it('has at most two files over 450 lines, each saying why in its opening comment', () => {
    const long = files(src).filter((file) => readFileSync(file, 'utf8').split('\n').length > 450);
    expect(long.length).toBeLessThanOrEqual(2);
    for (const file of long) expect(readFileSync(file, 'utf8').slice(0, 400), relative(src, file)).toMatch(/Over 450 lines on purpose/);
  });
});

/**
 * The import circles of a graph (file → the files it imports): one per edge that closes a circle
 * in a depth-first walk, each written from where it was entered back to it (`a.ts → b.ts → a.ts`).
 */
function importCircles(graph: Map<string, string[]>): string[] {
  const circles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) {
      if (onPath.has(target)) circles.push([...path.slice(path.indexOf(target)), target].join(' → '));
      else if (!done.has(target) && graph.has(target)) visit(target);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return circles;
}

describe('no import circles in src/', () => {
  it('finds a circle and names it (the finder the next test relies on)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(importCircles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no file that imports, through its relative imports (type imports included), a file that imports it back', () => {
    const graph = new Map(files(src).map((file) => [relative(src, file), imports(file)]));
    expect(importCircles(graph)).toEqual([]);
  });
});
