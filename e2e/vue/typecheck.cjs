// vue-tsc on the TypeScript 6 compiler installed for this workspace (the project's own tsc is
// TypeScript 7, which has no JavaScript compiler API): `node e2e/vue/typecheck.cjs -p e2e/vue/tsconfig.json`.
require('vue-tsc').run(require.resolve('typescript/lib/tsc', { paths: [__dirname] }));
