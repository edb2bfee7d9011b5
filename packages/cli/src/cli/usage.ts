/** `trove --help`: both commands (`trove serve --help` has the service's own). */
export const usage = `Usage: trove index <address | folder | feed | file | -> [options]
       trove serve [--seed]

Commands:
  index   index a blog into the search service: every post, from the blog's address or its
          built folder; or from a feed or a file of documents
  serve   run the local search service (the whole hosted API, v1 and v2) on this machine;
          --seed adds 600 sample posts (project "demo", collection "blog"). Settings come
          from PORT (8787), HOST (127.0.0.1), TROVE_TOKEN (dev-token), TROVE_WRITE_TOKEN,
          TROVE_DATA (.trove-data) and TROVE_HANDLERS; "trove serve --help" says more.

trove index <address | folder | feed | file | -> [options]
Index a blog into the Trove search service.
- A site's address (https://blog.example/): every post, from the most complete source the
  site offers, said when it starts: the WordPress REST API, its sitemaps, a paged feed, else
  its own links from the home page. Posts only: the home page, archives and pages that are
  not posts (About) are left out, and counted. robots.txt is obeyed; at most 4 requests at
  once. Run it again to send only what changed and remove what is gone: it remembers each
  site in a state file ($XDG_CACHE_HOME/trove or ~/.cache/trove; the path is printed).
- A folder of a built site (Hugo's public/, Jekyll's or Eleventy's _site/): every page read
  from disk; addresses from the pages' canonical links, or --site-url plus the file's path.
- A feed or a file, recognised from its content: a JSON array or NDJSON of documents (v2
  schema), an RSS 2.0, RSS 1.0 or Atom feed, or a JSON Feed 1.1. "-" reads standard input.
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
  --site-url <url>         the site's address: a folder's pages are served there; links on a
                           feed's own host take its scheme and host (when the feed's links
                           differ from the pages' canonical addresses); relative links nothing
                           else resolves resolve against it
  --full                   read the whole site again, ignoring what the last run remembered
  --max-pages <n>          pages read per run at most (default 10000)
  --include-pages          index a site's pages that are not posts (About) too
  -h, --help               show this help
  -v, --version            show the version

A post's id is derived from its address (the rule <trove-related-posts> applies to the
page's canonical address, so the block needs no id), else from its guid or id; indexing the
same blog again updates its documents instead of duplicating them. A gzipped file is read.
Progress, the summary and warnings go to standard error.
Exit status (a dry run gives the same):
  0  every item indexed
  1  some documents failed to send, or nothing to index (no items, or every item skipped)
  2  wrong arguments or unreadable input (nothing was sent)
  3  indexed, but some items were skipped (each listed with its reason), a site's pages
     could not be read, or posts gone from a site stay in the index because the service
     cannot remove documents (they are listed)
Pages of a site that are not posts (listings, About, noindex…) are counted, not errors.
Warnings (a date left out, a guessed charset) do not change the status.

Examples:
  TROVE_TOKEN=… trove index https://example.com/ \\
    --base-url https://search.example.com --project blog --collection posts
  hugo && trove index ./public --site-url https://example.com/    (TROVE_* variables set)
  trove serve --seed
  trove index ./feed.xml --base-url http://127.0.0.1:8787 --project demo --collection blog --token dev-token
`;
