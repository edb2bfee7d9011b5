/** Types of analyticsClient.js (plain browser JavaScript, inlined into the analytics page). */
export interface AnalyticsConfig {
  feedbackUrl: string;
  apiBase: string;
  token: string;
  project: string;
  collection: string;
  titles: Record<string, string>;
  intervalMs?: number;
}
/** Starts polling and drawing into `root`; returns a function that stops it. Needs `summarizeFeedback` and `safeLink` in scope. */
export function startAnalytics(root: HTMLElement, config: AnalyticsConfig): () => void;
