import { createHmac } from 'node:crypto';

/**
 * A session id as analytics keep it: HMAC-SHA-256 keyed with the day's random secret
 * (AnalyticsStore.dayKey), 128 bits in base64url. The same session hashes alike within a day, so
 * it is counted once, and differently the next day; once the day's secret is forgotten, nobody
 * (the service included) can tell which session a kept hash was (the approach of Plausible).
 */
export function createDailyHash(secret: Buffer): (sessionId: string) => string {
  return (sessionId) => createHmac('sha256', secret).update(sessionId, 'utf8').digest('base64url').slice(0, 22);
}
