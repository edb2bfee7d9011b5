/**
 * The ceiling on the size of an answer: a page's records are kept while their JSON stays within
 * `maxBytes`; the rest of the page is left out (fewer `results` than `limit`, `found_documents`
 * still counts every match, so a client pages on with `skip` + the results it got). The first
 * record is always kept, whatever its size (a document is at most one indexing body).
 */
export function fitResults<T>(response: T, maxBytes: number): T {
  const results = (response as { results?: unknown })?.results;
  if (!Array.isArray(results)) return response;
  let bytes = 0;
  for (let i = 0; i < results.length; i++) {
    bytes += Buffer.byteLength(JSON.stringify(results[i]), 'utf8') + 1;
    if (bytes > maxBytes && i > 0) return { ...response, results: results.slice(0, i) };
  }
  return response;
}
