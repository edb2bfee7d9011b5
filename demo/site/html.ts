// The demo writes HTML the way the analytics page of `trove serve` does: one module.
export * from '../../src/service/analytics/html.ts';
