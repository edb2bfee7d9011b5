import { highlight } from './highlight.ts';

/** Text with the query's terms in `<mark part="highlight">`; always text nodes, never HTML. */
export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((segment, i) =>
        segment.match ? (
          <mark key={i} part="highlight">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
