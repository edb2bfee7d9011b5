// The demo writes HTML the way the analytics page of `trove serve` does: one module.
export * from '../../packages/cli/src/service/analytics/html.ts';
