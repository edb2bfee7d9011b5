/** `trove --help`. */
export const usage = `Usage: trove index <file | url | -> [options]
       trove serve [--seed]   the local search service (trove serve --help)

Index a blog into the Trove search service from its feed or from a file of documents.
The input is recognised from its content: a JSON array or NDJSON of documents (v2 schema),
an RSS 2.0, RSS 1.0 or Atom feed, or a JSON Feed 1.1. A URL is fetched; "-" reads standard input.
Every item is checked before the first batch is sent.

Options (each also read from the environment variable shown):
  --base-url <url>         service address                     TROVE_BASE_URL
  --project <name>         project name                        TROVE_PROJECT
  --collection <name>      collection to index into            TROVE_COLLECTION
  --token <key>            access key (prefer the variable)    TROVE_TOKEN
  --api-version <v1|v2>    API version (default v2)            TROVE_API_VERSION
  --batch <n>              documents per request (default 100, at most 10000)
  --dry-run                print the documents as they would be sent (JSON, on standard
                           output) and send nothing
  -h, --help               show this help
  -v, --version            show the version

Items without a numeric id get a stable one derived from their guid, id or link, so indexing
the same feed again updates its documents instead of duplicating them.
Progress, the summary and warnings go to standard error.
Exit status (a dry run gives the same):
  0  every item indexed
  1  some documents failed to send, or nothing to index (no items, or every item skipped)
  2  wrong arguments or unreadable input (nothing was sent)
  3  indexed, but some items were skipped (each listed with its reason)
Warnings (a date left out, a guessed charset) do not change the status.

Example:
  TROVE_TOKEN=… trove index https://example.com/feed.xml \\
    --base-url https://search.example.com --project blog --collection posts
`;
