import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The packages of the repository, and the folders of their sources by the names of the layers. */
const packages = join(import.meta.dirname, '../../..');
const roots = {
  client: join(packages, 'client/src'),
  widgets: join(packages, 'widgets/src'),
  cli: join(packages, 'cli/src'),
} as const;
const folders: [layer: string, dir: string][] = [
  ['api', roots.client],
  ['cli', join(roots.cli, 'cli')],
  ['service', join(roots.cli, 'service')],
  ['', roots.widgets],
  ['', roots.cli],
];
const layers = ['api', 'core', 'ui', 'elements'] as const;
/** The client's entry, where an import of the package by name lands. */
const clientEntry = 'api/index.ts';

/** A source file's name by its layer (`api/filter.ts`, `core/pageSearch.ts`, `service/limits.ts`); `../…` outside every package. */
function logical(path: string): string {
  for (const [layer, dir] of folders) if (path.startsWith(`${dir}/`)) return join(layer, relative(dir, path));
  return `../${relative(packages, path)}`;
}
/** The folder of a layer's sources. */
const dirOf = (layer: string) =>
  layer === 'api' ? roots.client : layer === 'cli' || layer === 'service' ? join(roots.cli, layer) : join(roots.widgets, layer);
const src = roots.widgets;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}
const allFiles = () => Object.values(roots).flatMap((root) => files(root));

/** A file's code without its comments' lines (their examples name packages too). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n');

/** Every import of a file of ours, as a layer path (`core/pageSearch.ts`): relative ones, and the client by name. */
function imports(file: string): string[] {
  const text = code(file);
  const relatives = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => logical(join(file, '..', m[1]!)));
  const client = /(?:from|import)\s*\(?\s*['"]trove-search-client['"]/.test(text) ? [clientEntry] : [];
  return [...relatives, ...client];
}

/** Every package a file imports by name (`preact/hooks` → `preact`), with whether only its types are. */
function packageImports(file: string): { name: string; typeOnly: boolean }[] {
  return [
    ...code(file).matchAll(
      /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;'"]*?from\s*['"]([^.'"][^'"]*)['"]|import\(\s*['"]([^.'"][^'"]*)['"]\s*\)/g,
    ),
  ].map((m) => {
    const spec = (m[3] ?? m[4])!;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
    return { name, typeOnly: Boolean(m[2]) };
  });
}

describe('the packages depend one way: the widgets and the command on the client, nothing on the command', () => {
  /** Loaded only when the command runs from its TypeScript sources (a checkout), never once built. */
  const fromSourcesOnly = ['tsx'];
  const ours = ['trove-search-client', 'trove-search', 'trove-search-cli'];
  const allowedOurs: Record<keyof typeof roots, string[]> = { client: [], widgets: ['trove-search-client'], cli: ['trove-search-client'] };
  for (const [name, root] of Object.entries(roots) as [keyof typeof roots, string][]) {
    const manifest = JSON.parse(readFileSync(join(root, '../package.json'), 'utf8'));
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

    it(`keeps ${manifest.name} importing, of ours, ${allowedOurs[name].join(', ') || 'nothing'}`, () => {
      const wrong = files(root).flatMap((file) =>
        packageImports(file)
          .filter(({ name: used }) => ours.includes(used) && !allowedOurs[name].includes(used))
          .map(({ name: used }) => `${relative(packages, file)} → ${used}`),
      );
      expect(wrong).toEqual([]);
    });

    it(`keeps ${manifest.name}'s relative imports inside its own folder`, () => {
      const wrong = files(root).flatMap((file) =>
        [...code(file).matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
          .map((m) => join(file, '..', m[1]!))
          .filter((target) => !target.startsWith(`${root}/`) && target !== join(root, '../package.json'))
          .map((target) => `${relative(packages, file)} → ${relative(packages, target)}`),
      );
      expect(wrong).toEqual([]);
    });

    it(`has ${manifest.name} import at run time only what its package.json declares`, () => {
      const undeclared = files(root).flatMap((file) =>
        packageImports(file)
          .filter(
            ({ name: used, typeOnly }) =>
              !typeOnly &&
              !used.startsWith('node:') &&
              !builtinModules.includes(used) &&
              !declared.has(used) &&
              !fromSourcesOnly.includes(used),
          )
          .map(({ name: used }) => `${relative(packages, file)} → ${used}`),
      );
      expect(undeclared).toEqual([]);
    });
  }

  it('finds a crossing import (the checks above rely on it)', () => {
    const imported = packageImports(join(roots.widgets, 'index.ts')).map(({ name }) => name);
    expect(imported).toContain('trove-search-client');
    expect(imports(join(roots.widgets, 'core/createSearchController.ts'))).toContain(clientEntry);
  });
});

describe('the direction of imports: elements → ui → core → api', () => {
  for (const [index, layer] of layers.entries()) {
    const above = layers.slice(index + 1);
    it(`keeps ${layer}/ free of imports from ${above.join(', ') || 'nothing above it'}`, () => {
      const wrong = files(dirOf(layer)).flatMap((file) =>
        imports(file)
          .filter((target) => above.some((up) => target.startsWith(`${up}/`)))
          .map((target) => `${logical(file)} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});

describe('the table of endpoints stays out of the browser', () => {
  // Its rows are for the service; the client writes the patterns it uses (src/api/endpoints.ts).
  it('is imported by the widgets for its types only', () => {
    const widgets = files(roots.widgets);
    const runtime = widgets.filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s+['"]trove-search-client['"]/gm)].some((m) =>
        m[1]!.split(',').some((name) => /^\s*(ENDPOINTS|defaultHandler)\b/.test(name)),
      ),
    );
    expect(runtime.map((file) => relative(src, file))).toEqual([]);
  });
});

describe('the API version is known to api/ alone', () => {
  // The `trove` command and the local service are Node tools that take the version as a setting of their own.
  it('is never read from a client outside api/ in the widgets', () => {
    const reads = files(src).filter((file) =>
      /options\.apiVersion|\.apiVersion\s*===|===\s*['"]v[12]['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(reads.map((file) => relative(src, file))).toEqual([]);
  });

  it('is not even named in core/ and ui/', () => {
    const named = [...files(join(src, 'core')), ...files(join(src, 'ui'))].filter((file) =>
      /apiVersion|ApiVersion|['"]v[12]['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(named.map((file) => relative(src, file))).toEqual([]);
  });
});

describe('the Node tools use only the client of the widgets’ code', () => {
  // `trove serve` is a command of the CLI: the one import across, to the service's entry, loaded only by that command.
  const allowed = new Set(['cli/runCli.ts → service/runServe.ts']);
  for (const tool of ['cli', 'service'] as const) {
    it(`keeps ${tool}/ importing only the client and its own folders`, () => {
      const wrong = files(dirOf(tool)).flatMap((file) =>
        imports(file)
          // Outside the packages' sources (package.json) is no layer.
          .filter((target) => !target.startsWith('../') && target !== clientEntry && !target.startsWith(`${tool}/`))
          .map((target) => `${logical(file)} → ${target}`)
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
  const service = dirOf('service');

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
          .map((target) => `${logical(file)} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it('keeps the shared base free of imports from the folders', () => {
    const wrong = base.flatMap((file) =>
      imports(join(roots.cli, file))
        .filter((target) => target.startsWith('service/') && !base.includes(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the size of a folder and of a file', () => {
  // src/cli is reorganised by issue 31 (its sources and page readers get folders of their own).
  const exempt = ['cli'];

  it("keeps every folder of the packages' sources at 25 files or fewer directly", () => {
    const crowded: string[] = [];
    const walk = (dir: string) => {
      const entries = readdirSync(dir, { withFileTypes: true });
      // Data (the catalogues, one JSON file per language) is not code to be split up.
      const count = entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.json')).length;
      const name = logical(`${dir}/x`).slice(0, -2);
      if (count > 25 && !exempt.includes(name)) crowded.push(`${relative(packages, dir)}: ${count}`);
      for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
    };
    for (const root of Object.values(roots)) walk(root);
    expect(crowded).toEqual([]);
  });

  it('has at most two files over 450 lines, each saying why in its opening comment', () => {
    const long = allFiles().filter((file) => readFileSync(file, 'utf8').split('\n').length > 450);
    expect(long.length).toBeLessThanOrEqual(2);
    for (const file of long)
      expect(readFileSync(file, 'utf8').slice(0, 400), relative(packages, file)).toMatch(/Over 450 lines on purpose/);
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

describe("no import circles in the packages' sources", () => {
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
    const graph = new Map(allFiles().map((file) => [logical(file), imports(file)]));
    expect(importCircles(graph)).toEqual([]);
  });
});
