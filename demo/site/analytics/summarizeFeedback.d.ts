/** Types of summarizeFeedback.js (plain browser JavaScript, inlined into the analytics page). */
export interface FeedbackEntry {
  time?: string;
  kind?: string;
  handler?: string | null;
  project?: string;
  collection?: string;
  params?: Record<string, unknown>;
}
export interface SuggestionRecord {
  suggestion_type?: string;
  phrase?: string;
  filters?: string[];
}
export interface PostClicks {
  id: string;
  title: string;
  url: string;
  autocomplete: number;
  recommendation: number;
  total: number;
  last: number;
}
export interface FilterClicks {
  key: string;
  label: string;
  detail: string;
  count: number;
  resolved: boolean;
  last: number;
}
export interface LatestClick {
  time: string;
  kind: 'autocomplete' | 'recommendation';
  position: number | null;
  text: string;
}
export interface Lookup {
  key: string;
  project: string;
  collection: string;
  handler: string | null;
  query: string;
}
export interface FeedbackSummary {
  total: number;
  autocomplete: number;
  recommendation: number;
  navigational: number;
  filter: number;
  autocompleteByPosition: number[];
  recommendationByPosition: number[];
  posts: PostClicks[];
  filters: FilterClicks[];
  latest: LatestClick[];
  lookups: Lookup[];
  lastTime: string | null;
}
export interface SummaryOptions {
  project?: string;
  collection?: string;
  titles?: Record<string, string>;
  suggestionsFor?: (lookup: Lookup) => SuggestionRecord[] | undefined;
  minAutocompletePositions?: number;
  minRecommendationPositions?: number;
  top?: number;
  latest?: number;
}
export function safeLink(value: unknown): string;
export function summarizeFeedback(log: unknown, options?: SummaryOptions): FeedbackSummary;
