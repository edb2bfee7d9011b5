/**
 * Writes test/fixtures/htmlTextVectors.json: HTML and the text `trove index` makes of it
 * (`articleText` for a post's content, `inlineHtmlToText` for a title or a name), the shared
 * vectors that the WordPress plugin's PHP port is tested against
 * (integrations/wordpress/tests/HtmlTextTest.php). test/cli/htmlTextVectors.test.ts checks that the
 * file still matches the TypeScript rules. Run: `npx tsx scripts/writeHtmlTextVectors.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { inlineHtmlToText } from '../packages/cli/src/cli/feed/inlineHtmlToText.ts';
import { articleText } from '../packages/cli/src/cli/page/articleText.ts';

const articles = [
  '<p>One</p><p>Two</p>',
  '<p>Hello <em>world</em>, <a href="/x">a link</a>.</p>\n\n<h2>Title</h2><ul><li>First</li><li>Second <strong>bold</strong></li></ul><p>After</p>',
  '<ol start="9"><li>nine</li><li>ten<ul><li>nested</li></ul></li></ol>',
  '<ol type="a"><li>a</li><li>b</li></ol><ol type="I"><li>one</li><li>two</li><li>three</li><li>four</li></ol>',
  '<blockquote><p>Quoted</p><p>twice</p></blockquote><p>line<br>break<br><br>double</p>',
  '<pre><code>let x = 1;\n  indented</code></pre><p>after   spaces\tand\ttabs</p>',
  '<div>block <span>inline</span></div><div><div>nested</div></div>text<section>s</section>',
  '<p>Caf&eacute; &amp; cr&egrave;me &hellip; &#x1F600; &nbsp;nbsp</p>',
  '<p>emoji <img class="wp-smiley" alt="😉" src="x.png"> and <img src="photo.jpg" alt="a photo"></p>',
  '<script>alert(1)</script><style>p{}</style><form><input></form><p>kept</p><div class="sharedaddy">share</div><p data-trove-ignore>ignored</p>',
  '<figure class="wp-block-image"><img src="a.jpg"><figcaption>A caption</figcaption></figure><hr><p>after rule</p>',
  '<table><tr><td>a</td><td>b</td></tr></table><p>x</p>',
  '<h3>Heading</h3>text right after<h4>four</h4>',
  '',
  'plain text only',
  '<p>   </p><p>a</p>',
];

const inlines = [
  'Headwind &amp; climb: notes on cycling #146',
  'AT&T &lt;b&gt; <b>bold</b> 3 < 5',
  'Line<br>break <p>para</p>',
  '<script>x</script>Title &#8217;s &#x2019; &hellip;',
  '  spaced   out  ',
  '',
  'Caf&eacute;',
];

export function htmlTextVectors() {
  const recorded = JSON.parse(
    gunzipSync(readFileSync(new URL('../test/fixtures/wordpress/posts-1.body.gz', import.meta.url))).toString('utf8'),
  ) as { content: { rendered: string }; title: { rendered: string } }[];
  const posts = recorded.slice(0, 5);
  return {
    article: [...articles, ...posts.map((post) => post.content.rendered)].map((html) => ({ html, text: articleText(html) })),
    inline: [...inlines, ...posts.map((post) => post.title.rendered)].map((html) => ({ html, text: inlineHtmlToText(html) ?? null })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../test/fixtures/htmlTextVectors.json', import.meta.url), `${JSON.stringify(htmlTextVectors(), null, 2)}\n`);
}
