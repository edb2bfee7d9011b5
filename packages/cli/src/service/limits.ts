/**
 * The limits a request to the local service can meet, in one place (README "Limits" lists them
 * for users). Each is enforced where its rule lives: the query budget in queryTerms.ts,
 * MiniSearchEngine.ts and readPageRequest.ts, the HTTP ones in createService.ts, the feedback
 * ones in feedbackEndpoint.ts and createFileFeedbackLog.ts.
 */
export const LIMITS = {
  /** Query words used per search, autocomplete or recommend `title`; later words are ignored. */
  queryTerms: 32,
  /** Title words recommend relates by (the source's title, or `title` for an unknown id); later words are ignored. */
  titleTerms: 12,
  /** Words of its own text recommend relates a post by (its most distinctive: distinctiveTerms.ts). */
  relatedTerms: 12,
  /** Characters of a post's content read for them (a longer post: its start). */
  relatedTextChars: 20_000,
  /** Typo tolerance (fuzzy matching) applies to words of 5 up to this many letters. */
  fuzzyWordLength: 32,
  /** Longer query words are matched only as written: no typo tolerance, no prefix. */
  wordLength: 64,
  /** `filter` parameters per request (more → 400). */
  filters: 32,
  /** Indexing body, bytes (`maxBodyBytes` of createService). */
  indexBodyBytes: 5 * 1024 * 1024,
  /** Feedback body, bytes. */
  feedbackBodyBytes: 16 * 1024,
  /** Parameters per feedback request (query string and body together). */
  feedbackParams: 32,
  /** Characters per feedback parameter value (and name). */
  feedbackValueLength: 2048,
  /** The feedback log is rotated past this size: the current file and one older file are kept. */
  feedbackLogBytes: 16 * 1024 * 1024,
  /** Raw feedback entries older than this many days are deleted (the counts of analytics stay). */
  feedbackDays: 30,
  /** Analytics: distinct queries (and posts, positions, filters) counted per day and collection; the rest count as "other". */
  analyticsKeysPerDay: 1000,
  /** Analytics: distinct sessions counted per day and collection (as daily hashes); the rest count as "other". */
  analyticsSessionsPerDay: 20_000,
  /** Analytics: days of counters kept. */
  analyticsDays: 400,
  /** Nesting depth of a JSON body (arrays and objects). */
  jsonDepth: 32,
  /** Project and collection names, UTF-8 bytes (each must fit a file name once encoded). */
  nameBytes: 64,
  /** A body that sends nothing for this long is answered 408. */
  bodyIdleMs: 10_000,
  /** A body not complete after this long is answered 408. */
  bodyTotalMs: 60_000,
  /** Records of one answer, bytes of JSON: a page that would be larger is cut short. */
  responseBytes: 8 * 1024 * 1024,
} as const;
