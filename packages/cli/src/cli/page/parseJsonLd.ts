/** One JSON-LD node of a page (an object with `@type`, `headline`, …). */
export type JsonLdNode = Record<string, unknown>;

/** Bounds on what a page's JSON-LD may cost: scripts read, characters per script, nodes kept, nesting followed. */
const MAX_SCRIPTS = 20;
const MAX_SCRIPT_CHARS = 1_000_000;
const MAX_NODES = 500;
const MAX_DEPTH = 8;

/** The types of a node, as plain names (`BlogPosting` for `https://schema.org/BlogPosting`). */
export function typesOf(node: JsonLdNode): string[] {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.filter((value): value is string => typeof value === 'string').map((value) => value.replace(/^.*[/#:]/, ''));
}

function collect(value: unknown, nodes: JsonLdNode[], depth: number): void {
  if (nodes.length >= MAX_NODES || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, nodes, depth + 1);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as JsonLdNode;
  if ('@type' in node) nodes.push(node);
  if ('@graph' in node) collect(node['@graph'], nodes, depth + 1);
}

/**
 * The top-level JSON-LD nodes of a page (`<script type="application/ld+json">`), the members of an
 * `@graph` and of a top-level array included; a script that is not JSON is passed over. Bounded
 * (see above), so a hostile page costs little.
 */
export function parseJsonLd(document: Document): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const scripts = document.querySelectorAll('script[type="application/ld+json" i]');
  for (let i = 0; i < scripts.length && i < MAX_SCRIPTS; i++) {
    const text = scripts[i]!.textContent ?? '';
    if (text.length > MAX_SCRIPT_CHARS) continue;
    try {
      collect(JSON.parse(text.trim().replace(/^<!--|-->$/g, '')), nodes, 0);
    } catch {
      // Not JSON: the page declares nothing there.
    }
  }
  return nodes;
}
