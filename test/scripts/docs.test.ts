import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe('the reference docs', () => {
  it("are what the sources cite: no file of the packages' sources names API.md or DESIGN.md, and every docs/ page named exists", () => {
    const sources = readdirSync(join(root, 'packages')).flatMap((name) => files(join(root, 'packages', name, 'src')));
    const cited = sources.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/(?<![\w/])(API|DESIGN)\.md|docs\/[\w-]+\.md/g)].map((m) => [relative(root, file), m[0]]);
    });
    expect(cited.filter(([, name]) => !name.startsWith('docs/'))).toEqual([]);
    for (const [, name] of cited) expect(existsSync(join(root, name)), name).toBe(true);
  });

  it("ship in the command's package, where the service’s answer to an unknown path sends a user (createService.test.ts)", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8'));
    expect(manifest.files).toContain('docs');
    expect(manifest.scripts.prepack).toContain('--docs');
  });

  it('are linked from the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/http-api.md)');
    expect(readme).toContain('(docs/architecture.md)');
    expect(readme).toContain('(docs/platforms.md)');
    expect(readme).toContain('(docs/wordpress.md)');
  });

  it('show only screenshots that are there (docs/*.md, images next to them)', () => {
    const shown = readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) =>
        [...readFileSync(join(root, 'docs', name), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => [name, m[1]!]),
      );
    expect(shown.length).toBeGreaterThan(0);
    for (const [page, image] of shown) expect(existsSync(join(root, 'docs', image)), `${page}: ${image}`).toBe(true);
  });
});
