// Run by each package's `prepack` (in its folder): the repository's CHANGELOG.md, and with
// --docs its docs/*.md (no screenshots), go into the package; both are kept once, at the root.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';

copyFileSync('../../CHANGELOG.md', 'CHANGELOG.md');
if (process.argv.includes('--docs')) {
  mkdirSync('docs', { recursive: true });
  for (const name of readdirSync('../../docs').filter((file) => file.endsWith('.md'))) copyFileSync(`../../docs/${name}`, `docs/${name}`);
}
