import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/cli/feed/parseInput.ts';
import { documentId } from 'trove-search-client';
import { collectDocuments } from '../../src/cli/collectDocuments.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const docs = (text: string, source = 'input') => parseInput(text, source).items.map((item) => item.document);

describe('parseInput: RSS 2.0', () => {
  const parsed = parseInput(fixture('blog.rss.xml'), 'blog.rss.xml');
  const [tide, nets, gulls, empty] = parsed.items;

  it('recognises the feed from its content', () => {
    expect(parsed.format).toBe('rss');
    expect(parsed.items).toHaveLength(4);
  });

  it('maps title, content text, url, categories, creator and date', () => {
    expect(tide!.document).toEqual({
      id: documentId('https://harbour.example.org/2024/03/tide-tables'),
      title: 'Tide tables & why they lie',
      content: 'Predictions\n\nTables are predictions, wind moves water.',
      url: 'https://harbour.example.org/2024/03/tide-tables',
      image: 'https://harbour.example.org/uploads/tide.jpg',
      category: ['Sea', 'Almanac'],
      author: ['Maren Holt'],
      date: '2024-03-05T13:30:00.000Z',
    });
  });

  it('prefers content:encoded, drops scripts and takes the first <img> when the item names no image', () => {
    expect(tide!.document!.content).not.toContain('alert');
    expect(tide!.document!.content).not.toContain('A short summary');
    expect(tide!.document!.image).toBe('https://harbour.example.org/uploads/tide.jpg');
  });

  it('gives the id of its link even when the guid is a number, and resolves a relative link against the channel link', () => {
    expect(nets!.document).toMatchObject({
      id: documentId('https://harbour.example.org/2024/02/mending-nets'),
      url: 'https://harbour.example.org/2024/02/mending-nets',
      content: 'Knots & patience.',
    });
  });

  it('takes the image enclosure, not the audio one, and the name from an RSS author', () => {
    expect(nets!.document!.image).toBe('https://cdn.example.org/nets.png');
    expect(nets!.document!.author).toEqual(['Ola Brun']);
  });

  it('reads Media RSS under any prefix, derives the id from the link without a guid, and warns about a bad date', () => {
    expect(gulls!.document).toMatchObject({
      id: documentId('https://harbour.example.org/2024/01/gulls'),
      image: 'https://cdn.example.org/gulls.webp',
    });
    expect(gulls!.document!.date).toBeUndefined();
    expect(gulls!.warnings).toEqual(['date "not a date" is not a date; left out']);
  });

  it('skips an item with no title and no content, naming it', () => {
    expect(empty).toEqual({ label: 'item 4 (https://harbour.example.org/?p=9)', skipped: 'has no title and no content', warnings: [] });
  });

  it('reads unescaped HTML inside a description', () => {
    const [doc] = docs(
      `<rss version="2.0"><channel><item><title>T</title><guid>1</guid><description>Hello <b>bold</b> <img src="https://x.example/i.png"/> world</description></item></channel></rss>`,
    );
    expect(doc).toMatchObject({ content: 'Hello bold world', image: 'https://x.example/i.png' });
  });

  it('leaves out javascript: links and images and reduces a hostile title to its text', () => {
    const [item] = parseInput(
      `<rss version="2.0"><channel><item><title>&lt;img src=x onerror=alert(1)&gt;Hi &amp;lt;b&amp;gt;</title><link>javascript:alert(1)</link><guid isPermaLink="false">g</guid><description>&lt;img src="javascript:alert(2)"&gt;text</description></item></channel></rss>`,
      'x',
    ).items;
    expect(item!.document).toEqual({ id: documentId('g'), title: 'Hi <b>', content: 'text' });
    expect(item!.warnings).toEqual([
      'link "javascript:alert(1)" is not an http(s) URL; not used',
      'image "javascript:alert(2)" is not an http(s) URL; left out',
    ]);
  });

  it('reads an RSS 1.0 (RDF) feed', () => {
    const parsedRdf = parseInput(fixture('blog.rdf.xml'), 'blog.rdf.xml');
    expect(parsedRdf.format).toBe('rdf');
    expect(parsedRdf.items[0]!.document).toEqual({
      id: documentId('https://old.example.com/1'),
      title: 'RDF item',
      content: 'Old & gold',
      url: 'https://old.example.com/1',
      category: ['History'],
      author: ['Sam'],
      date: '2003-12-13T18:30:02.000Z',
    });
  });
});

describe('parseInput: Atom', () => {
  const parsed = parseInput(fixture('blog.atom.xml'), 'blog.atom.xml');
  const [chisels, bench, glue] = parsed.items.map((item) => item.document!);

  it('maps an HTML entry: title and content reduced to text, enclosure image, categories, authors, published date', () => {
    expect(parsed.format).toBe('atom');
    expect(chisels).toEqual({
      id: documentId('https://workshop.example.net/log/chisels'),
      title: 'Sharpening chisels',
      content: 'Start with a coarse stone.',
      url: 'https://workshop.example.net/log/chisels',
      image: 'https://workshop.example.net/img/chisel.jpg',
      category: ['Hand tools', 'steel'],
      author: ['Tomas Reyes', 'Ines Valdés'],
      date: '2024-04-01T07:15:00.000Z',
    });
  });

  it('reads XHTML content, its first image, the feed author and the updated date', () => {
    expect(bench).toEqual({
      id: documentId('https://workshop.example.net/log/bench'),
      title: "A bench of one's own",
      content: 'Build the bench first, then everything else.',
      url: 'https://workshop.example.net/log/bench',
      image: 'https://workshop.example.net/img/bench.png',
      author: ['Ines Valdés'],
      date: '2024-03-20T18:00:00.000Z',
    });
  });

  it('falls back to the summary and a media thumbnail, and keeps a numeric id', () => {
    expect(glue).toMatchObject({
      id: 7,
      content: 'Hide glue for repairs, PVA for speed.',
      image: 'https://workshop.example.net/img/glue.jpg',
    });
  });
});

describe('parseInput: JSON Feed 1.1', () => {
  const parsed = parseInput(fixture('blog.feed.json'), 'blog.feed.json');
  const [pruning, grafting, cider, empty] = parsed.items;

  it('maps content_html, image, tags, item authors and the publication date', () => {
    expect(parsed.format).toBe('jsonfeed');
    expect(pruning!.document).toEqual({
      id: documentId('https://orchard.example.com/pruning'),
      title: 'Pruning in the cold',
      content: 'Cut above the bud.',
      url: 'https://orchard.example.com/pruning',
      image: 'https://orchard.example.com/img/prune.jpg',
      tags: ['trees', 'winter'],
      author: ['Karl Ek'],
      date: '2024-01-10T12:00:00.000Z',
    });
  });

  it('reads content_text, a 1.0 author, and a relative url that gives the id (not the numeric id)', () => {
    expect(grafting!.document).toMatchObject({
      id: documentId('https://orchard.example.com/grafting'),
      content: 'Whip and tongue.',
      url: 'https://orchard.example.com/grafting',
      author: ['Old Style Author'],
    });
  });

  it('falls back to summary, external_url, an image attachment and the feed authors', () => {
    expect(cider!.document).toEqual({
      id: documentId('https://elsewhere.example/cider'),
      content: 'Apples, yeast, patience.',
      url: 'https://elsewhere.example/cider',
      image: 'https://orchard.example.com/img/cider.png',
      author: ['Pia Lund'],
    });
    expect(empty!.skipped).toBe('has no title and no content');
  });
});

describe('parseInput: JSON documents', () => {
  const parsed = parseInput(fixture('documents.json'), 'documents.json');
  const byPosition = (n: number) => parsed.items[n - 1]!;

  it('reads a JSON array of v2 documents, numeric string ids as numbers, authors as author', () => {
    expect(parsed.format).toBe('json');
    expect(byPosition(1).document).toEqual({
      id: 1,
      title: 'First post',
      content: 'Hello',
      url: '/posts/1/first',
      tags: ['a'],
      category: ['News'],
      author: ['Ann'],
      date: '2024-05-01T00:00:00.000Z',
    });
    expect(byPosition(2).document).toEqual({ id: 2, title: 'Second post', category: ['Single'], author: ['Ben'] });
  });

  it('derives stable ids for string ids and for documents with only a url', () => {
    expect(byPosition(3).document).toEqual({ id: documentId('post-three'), content: 'No title but content' });
    expect(byPosition(3).warnings).toEqual(['unknown field "extra" left out']);
    expect(byPosition(4).document!.id).toBe(documentId('https://example.com/four'));
  });

  it('skips documents of the wrong shape with a reason naming the field', () => {
    expect(byPosition(5)).toMatchObject({
      label: 'document 5 "Bad tags"',
      skipped: 'field "category" must be a list of strings, not [1,2]',
    });
    expect(byPosition(6)).toMatchObject({ label: 'document 6 (id 6)', skipped: 'has no title and no content' });
    expect(byPosition(7).skipped).toBe('id 7.5 is not a non-negative whole number');
    expect(byPosition(8)).toMatchObject({ label: 'document 8', skipped: 'is not an object (got string)' });
    expect(byPosition(9).skipped).toBe('date "someday" is not an ISO 8601 date');
  });

  it('drops a javascript: url and keeps a hostile title as text', () => {
    expect(byPosition(10).document).toEqual({ id: 10, title: 'Hostile <img src=x onerror=alert(1)>' });
    expect(byPosition(10).warnings[0]).toContain('javascript:alert(1)');
  });

  it('reads NDJSON line by line, naming lines', () => {
    const nd = parseInput(fixture('documents.ndjson'), 'documents.ndjson');
    expect(nd.format).toBe('ndjson');
    expect(nd.items.map((i) => i.document ?? i.label)).toEqual([
      { id: 11, title: 'Line one' },
      { id: 12, content: 'Line three' },
      'line 4 (id 13)',
    ]);
  });

  it('reads a single JSON object as one document', () => {
    expect(docs('{"id": 3, "title": "Only"}')).toEqual([{ id: 3, title: 'Only' }]);
  });
});

describe('parseInput: detection and bad input', () => {
  it('detects the format from the content, ignoring a byte order mark and leading space', () => {
    expect(parseInput('\uFEFF\n  <feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'feed.json').format).toBe('atom');
    expect(parseInput('[]', 'feed.xml').format).toBe('json');
  });

  it('reports malformed XML with its line and column', () => {
    expect(() => parseInput('<rss version="2.0">\n<channel>\n<item></channel></rss>', 'feed.xml')).toThrow(
      /^feed\.xml is not well-formed XML: .*item.* \(line 3, column \d+\)$/,
    );
  });

  it('reports invalid JSON and the NDJSON line that is not JSON', () => {
    expect(() => parseInput('[{"id": 1,}]', 'docs.json')).toThrow(/^docs\.json is not valid JSON: /);
    expect(() => parseInput('{"id": 1, "title": "a"}\n{"id": 2, oops}\n', 'docs.ndjson')).toThrow(
      /^docs\.ndjson: line 2 is not valid JSON: /,
    );
    expect(() => parseInput('{\n  "id": 1,\n  oops\n}', 'doc.json')).toThrow(/^doc\.json is not valid JSON: /);
  });

  it('refuses an HTML page, other XML, unknown text and empty input with a clear message', () => {
    expect(() => parseInput('<!DOCTYPE html><html><body>hi</body></html>', 'https://blog.example/')).toThrow(/is an HTML page, not a feed/);
    expect(() => parseInput('<?xml version="1.0"?><svg></svg>', 'x.xml')).toThrow(
      'x.xml is XML with root <svg>, not an RSS 2.0 or Atom feed',
    );
    expect(() => parseInput('title,content\na,b', 'x.csv')).toThrow(
      'x.csv is not a JSON array, NDJSON, RSS, Atom or JSON Feed (it starts with "title,content a,b")',
    );
    expect(() => parseInput('  \n', 'x')).toThrow('x is empty');
    expect(() => parseInput('{"version": "https://jsonfeed.org/version/1.1"}', 'f.json')).toThrow(
      'f.json is a JSON Feed without an "items" list',
    );
  });

  it('says where a cut-off feed ends: what is left open and where it was opened', () => {
    const cut = '<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n  <item><title>A</title>\n    <description>Half a sen';
    expect(() => parseInput(cut, 'feed.xml')).toThrow(
      'feed.xml ends too early (cut off?): <description> opened at line 5, column 5 is never closed, inside <item> (line 4, column 3) in <channel> (line 3, column 1) in <rss> (line 2, column 1)',
    );
    expect(() => parseInput('<rss version="2.0"><channel><item><description><![CDATA[<p>Half', 'feed.xml')).toThrow(
      'feed.xml ends too early (cut off?): a CDATA section opened at line 1, column 48 is never closed, inside <description> (line 1, column 35) in <item> (line 1, column 29) in <channel> (line 1, column 20) in <rss> (line 1, column 1)',
    );
  });

  it('explains an unescaped "<" or "&" and a tag closed out of order, with positions in the file', () => {
    expect(() => parseInput('<rss><channel><item><description>a < b</description></item></channel></rss>', 'f.xml')).toThrow(
      'f.xml is not well-formed XML: a "<" that does not start a tag (it must be written "&lt;") (line 1, column 37)',
    );
    expect(() => parseInput('\n<rss><channel><item><title>x</item></channel></rss>', 'f.xml')).toThrow(
      "f.xml is not well-formed XML: Expected closing tag 'title' (opened at line 2, column 21) instead of closing tag 'item'. (line 2, column 29)",
    );
  });

  it('counts blank lines before the XML declaration in error positions, and reads such a feed', () => {
    expect(() => parseInput('\n\n  <rss version="2.0"><channel><item><title>A &amp B</title></item></channel></rss>', 'feed.xml')).toThrow(
      /^feed\.xml is not well-formed XML: .* \(line 3, column \d+\)$/,
    );
    expect(() => parseInput('\n\n<rss version="2.0"><channel>\n<item><title>AT&T</title></item></channel></rss>', 'feed.xml')).toThrow(
      'feed.xml is not well-formed XML: an "&" that does not start an entity (it must be written "&amp;") (line 4, column 16)',
    );
    expect(
      docs('\n\n<?xml version="1.0"?><rss version="2.0"><channel><item><title>A</title><guid>1</guid></item></channel></rss>'),
    ).toEqual([{ id: 1, title: 'A' }]);
  });

  it('names the feeds an HTML page announces, resolved against its address', () => {
    const page = `<!DOCTYPE html><html><head><title>Blog</title>
      <link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">
      <link rel="alternate" type="application/rss+xml" title="Blog &raquo; Feed" href="/feed/?lang=en&amp;x=1">
      <link rel='alternate' type='application/atom+xml' href='https://blog.example/atom.xml'></head><body></body></html>`;
    expect(() => parseInput(page, 'https://blog.example/', 'https://blog.example/')).toThrow(
      'https://blog.example/ is an HTML page, not a feed. The page names its feeds: https://blog.example/feed/?lang=en&x=1, https://blog.example/atom.xml; index that URL instead.',
    );
    expect(() => parseInput('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'page.xhtml')).toThrow(
      "page.xhtml is an HTML page, not a feed. Look for the site's feed link",
    );
  });

  it('does not expand entities declared in a DOCTYPE', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rss version="2.0"><channel><item><title>&b;&b;</title><guid>1</guid></item></channel></rss>`;
    const title = docs(bomb)[0]?.title ?? '';
    expect(title.length).toBeLessThan(50);
  });
});

describe('collectDocuments', () => {
  it('sends a repeated id once and skips the repeat, naming the first item', () => {
    const feed = `<rss version="2.0"><channel>
      <item><title>One</title><guid>https://x.example/1</guid></item>
      <item><title>One again</title><guid>https://x.example/1</guid></item>
    </channel></rss>`;
    const collected = collectDocuments(parseInput(feed, 'f').items);
    expect(collected.documents.map((d) => d.title)).toEqual(['One']);
    expect(collected.skipped).toEqual([
      { label: 'item 2 "One again"', reason: `has the same id ${documentId('https://x.example/1')} as item 1 "One"` },
    ]);
  });
});

describe('parseInput: plain-text titles, authors and categories', () => {
  it('removes tags and decodes every HTML entity, keeping text that only looks like markup', () => {
    const [doc] = docs(
      `<rss version="2.0"><channel><item><guid>1</guid><title>Caf&eacute; &amp;amp; &lt;b&gt;bar&lt;/b&gt; &hellip; 3 &lt; 5, AT&amp;T, &amp;lt;div&amp;gt;</title><dc:creator>Ren&eacute;e &lt;i&gt;Roe&lt;/i&gt;</dc:creator><category>Q&amp;amp;A</category></item></channel></rss>`,
    );
    expect(doc).toEqual({ id: 1, title: 'Café & bar … 3 < 5, AT&T, <div>', author: ['Renée Roe'], category: ['Q&A'] });
  });

  it('keeps an Atom text title literal but decodes entities left in it, and reduces an html title to text', () => {
    const [text, html] = docs(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>a</id><title>The &lt;div&gt; element &amp;amp; Caf&amp;eacute;</title></entry><entry><id>b</id><title type="html">&lt;em&gt;Loud&lt;/em&gt; &amp;amp; clear</title></entry></feed>`,
    );
    expect(text!.title).toBe('The <div> element & Café');
    expect(html!.title).toBe('Loud & clear');
  });
});

describe('parseInput: the image of an item', () => {
  const imageOf = (html: string) =>
    docs(
      `<rss version="2.0"><channel><item><guid>1</guid><title>T</title><description><![CDATA[${html}]]></description></item></channel></rss>`,
    )[0]!.image;

  it('passes over pixels (width or height 0 or 1, in attributes or style) and hidden images', () => {
    expect(imageOf('<img src="https://x.example/a.gif" width="1" height="1"><img src="https://x.example/real.jpg">')).toBe(
      'https://x.example/real.jpg',
    );
    expect(
      imageOf('<img src="https://x.example/a.gif" height="0"><img src="https://x.example/b.gif" style="width:1px;height:1px">'),
    ).toBeUndefined();
    expect(imageOf('<img src="https://x.example/a.gif" style="display: none">')).toBeUndefined();
  });

  it('passes over known trackers, share buttons and images inside a FeedFlare block', () => {
    expect(imageOf('<img src="http://feeds.feedburner.com/~r/Blog/~4/abc">')).toBeUndefined();
    expect(imageOf('<a href="#"><img src="http://feeds.feedburner.com/~ff/Blog?d=yIl2AUoC8zA"></a>')).toBeUndefined();
    expect(imageOf('<div class="feedflare"><img src="https://flare.example/button.png"></div>')).toBeUndefined();
    expect(imageOf('<img src="https://feeds.wordpress.com/1.0/comments/blog.wordpress.com/1/">')).toBeUndefined();
    expect(imageOf('<img src="https://blogger.googleusercontent.com/tracker/123-456?l=blog" alt="">')).toBeUndefined();
  });

  it('takes the real address of a lazy-loaded image', () => {
    expect(imageOf('<img src="data:image/gif;base64,R0lGOD" data-src="https://x.example/lazy.jpg">')).toBe('https://x.example/lazy.jpg');
  });

  it('reads an RSS 1.0 enc:enclosure under any prefix and prefers feedburner:origLink', () => {
    const [doc] =
      docs(`<rdf:RDF xmlns="http://purl.org/rss/1.0/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://purl.oclc.org/net/rss_2.0/enc#" xmlns:fb="http://rssnamespace.org/feedburner/ext/1.0">
      <item rdf:about="urn:x:1"><title>T</title><link>http://feedproxy.google.com/~r/X/~3/abc/</link><fb:origLink>https://x.example/post</fb:origLink>
      <e:enclosure rdf:resource="https://x.example/pic.png" e:type="image/png"/></item></rdf:RDF>`);
    expect(doc).toEqual({
      id: documentId('https://x.example/post'),
      title: 'T',
      url: 'https://x.example/post',
      image: 'https://x.example/pic.png',
    });
  });
});

describe('parseInput: ids of items without a guid', () => {
  it('derives the id from the link plus the title when id-less Atom entries share a link, and from the link alone otherwise', () => {
    const items = docs(`<feed xmlns="http://www.w3.org/2005/Atom">
      <entry><title>One</title><link href="https://x.example/"/></entry>
      <entry><title>Two</title><link href="https://x.example/"/></entry>
      <entry><title>Three</title><link href="https://x.example/3"/></entry></feed>`);
    expect(items.map((d) => d!.id)).toEqual([
      documentId('https://x.example/'),
      documentId('https://x.example/'),
      documentId('https://x.example/3'),
    ]);
    const collected = collectDocuments(
      parseInput(
        `<feed xmlns="http://www.w3.org/2005/Atom">
      <entry><title>One</title><link href="https://x.example/"/></entry>
      <entry><title>Two</title><link href="https://x.example/"/></entry>
      <entry><title>Three</title><link href="https://x.example/3"/></entry></feed>`,
        'x',
      ).items,
    );
    expect(collected.documents.map((d) => d.id)).toEqual([
      documentId('https://x.example/ One'),
      documentId('https://x.example/ Two'),
      documentId('https://x.example/3'),
    ]);
  });

  it('derives it from the link plus the title for guid-less RSS items without an enclosure', () => {
    const parsed = parseInput(
      `<rss version="2.0"><channel><item><title>A</title><link>https://x.example/</link></item><item><title>B</title><link>https://x.example/</link></item></channel></rss>`,
      'f',
    );
    const collected = collectDocuments(parsed.items);
    expect(collected.documents.map((d) => d.id)).toEqual([documentId('https://x.example/ A'), documentId('https://x.example/ B')]);
    expect(collected.skipped).toEqual([]);
  });
});
