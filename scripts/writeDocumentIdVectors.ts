/**
 * Writes test/fixtures/documentIdVectors.json: keys and the ids `documentId` gives them, the shared
 * vectors that the WordPress plugin's PHP port of the rule is tested against
 * (integrations/wordpress/tests/DocumentIdTest.php). test/api/documentIdVectors.test.ts checks that
 * the file still matches the TypeScript rule. Run: `npx tsx scripts/writeDocumentIdVectors.ts`.
 */
import { writeFileSync } from 'node:fs';
import { canonicalUrl, documentId } from '../packages/client/src/documentId.ts';
import { documentIdKeys } from '../test/fixtures/documentIdKeys.ts';

export function documentIdVectors(): { key: string; canonical: string | null; id: number | null }[] {
  return documentIdKeys.map((key) => ({ key, canonical: canonicalUrl(key) ?? null, id: documentId(key) ?? null }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../test/fixtures/documentIdVectors.json', import.meta.url), `${JSON.stringify(documentIdVectors(), null, 2)}\n`);
}
