/**
 * `npx cem analyze` → custom-elements.json (shipped in the package, named by `customElements`
 * in package.json). Tags, events, parts and CSS properties come from the elements' JSDoc
 * (`@tagname`, `@fires`, `@csspart`, `@cssprop`); attributes come from each element's one
 * declaration (`static attributes = searchBoxAttributes`, plus `sharedAttributes`), read by the
 * plugin below: name, type, default (a value of `src/core/defaults.ts`) and the JSDoc comment above each.
 */
export default {
  globs: ['src/elements/*.ts', 'src/ui/*/*Attributes.ts', 'src/core/defaults.ts'],
  exclude: ['src/elements/TroveHost.ts'],
  outdir: '.',
  // package.json names the manifest itself (`customElements`); the analyzer must not rewrite it.
  packagejson: false,
  plugins: [troveAttributes()],
};

function troveAttributes() {
  /** Declarations by variable name: [{ name, type, default, description }]. */
  const declarations = new Map();
  /** Element class name → the name of the declaration its `static attributes` holds. */
  const uses = new Map();
  /** `defaults.minChars` → `1`: the values of src/core/defaults.ts, as source text. */
  const defaultValues = new Map();

  const typeText = (ts, node) => {
    if (ts.isStringLiteral(node)) return ['id', 'text', 'list'].includes(node.text) ? 'string' : node.text;
    if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => `'${e.text}'`).join(' | ');
    return 'string';
  };

  return {
    name: 'trove-attributes',
    analyzePhase({ ts, node }) {
      if (ts.isVariableDeclaration(node) && node.getSourceFile().fileName.endsWith('src/core/defaults.ts'))
        defaultValues.set(`defaults.${node.name.getText()}`, node.initializer.getText());
      if (ts.isVariableDeclaration(node) && /Attributes$/.test(node.name.getText())) {
        let init = node.initializer;
        while (init && (ts.isSatisfiesExpression?.(init) || ts.isAsExpression(init))) init = init.expression;
        if (!init || !ts.isObjectLiteralExpression(init)) return;
        const attributes = [];
        for (const property of init.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
          const name = ts.isStringLiteral(property.name) ? property.name.text : property.name.getText();
          const fields = Object.fromEntries(
            property.initializer.properties.filter(ts.isPropertyAssignment).map((f) => [f.name.getText(), f.initializer]),
          );
          const doc = ts.getJSDocCommentsAndTags(property).map((d) => (typeof d.comment === 'string' ? d.comment : ''));
          const attribute = { name, type: { text: typeText(ts, fields.type) }, description: doc.join(' ').trim() };
          if (fields.default) attribute.default = fields.default.getText();
          attributes.push(attribute);
        }
        declarations.set(node.name.getText(), attributes);
      }
      if (ts.isClassDeclaration(node) && node.name) {
        for (const member of node.members) {
          if (
            ts.isPropertyDeclaration(member) &&
            member.name.getText() === 'attributes' &&
            member.initializer &&
            ts.isIdentifier(member.initializer)
          )
            uses.set(node.name.getText(), member.initializer.text);
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        // Only the three elements and nothing internal.
        mod.declarations = (mod.declarations ?? []).filter((d) => d.customElement);
        mod.exports = (mod.exports ?? []).filter((e) => mod.declarations.some((d) => d.name === e.declaration?.name));
        for (const declaration of mod.declarations) {
          const own = declarations.get(uses.get(declaration.name)) ?? [];
          declaration.attributes = [...(declarations.get('sharedAttributes') ?? []), ...own].map((attribute) => {
            if (attribute.default === undefined) return attribute;
            const text = defaultValues.get(attribute.default) ?? attribute.default;
            return { ...attribute, default: text.replace(/^'(.*)'$/, '"$1"') };
          });
          declaration.members = (declaration.members ?? []).filter(
            (m) => !m.static && m.privacy !== 'protected' && m.privacy !== 'private',
          );
          declaration.members.push({
            kind: 'field',
            name: 'translations',
            type: { text: 'Partial<Messages>' },
            description: 'Overrides of any subset of the element’s texts (set it as a property).',
          });
        }
      }
      customElementsManifest.modules = customElementsManifest.modules.filter((m) => m.declarations.length);
    },
  };
}
