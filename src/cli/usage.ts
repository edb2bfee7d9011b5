/** `trove --help`: both commands (`trove serve --help` has the service's own). */
export const usage = `Usage: trove index <file | url | -> [options]
       trove serve [--seed]

Commands:
  index   index a blog into the search service from its feed or a file of documents
  serve   run the local search service (the whole hosted API, v1 and v2) on this machine;
          --seed adds 600 sample posts (project "demo", collection "blog"). Settings come
          from PORT (8787), HOST (127.0.0.1), TROVE_TOKEN (dev-token), TROVE_WRITE_TOKEN,
          TROVE_DATA (.trove-data) and TROVE_HANDLERS; "trove serve --help" says more.

trove index <file | url | -> [options]
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
  --site-url <url>         the site's address: links on the feed's own host take its scheme
                           and host (when the feed's links differ from the pages' canonical
                           addresses); relative links nothing else resolves resolve against it
  -h, --help               show this help
  -v, --version            show the version

A feed item's id is derived from its link (the rule <trove-related-posts> applies to the
page's canonical address, so the block needs no id), else from its guid or id; indexing the
same feed again updates its documents instead of duplicating them. A gzipped file is read.
Progress, the summary and warnings go to standard error.
Exit status (a dry run gives the same):
  0  every item indexed
  1  some documents failed to send, or nothing to index (no items, or every item skipped)
  2  wrong arguments or unreadable input (nothing was sent)
  3  indexed, but some items were skipped (each listed with its reason)
Warnings (a date left out, a guessed charset) do not change the status.

Examples:
  TROVE_TOKEN=… trove index https://example.com/feed.xml \\
    --base-url https://search.example.com --project blog --collection posts
  trove serve --seed
  trove index ./feed.xml --base-url http://127.0.0.1:8787 --project demo --collection blog --token dev-token
`;
