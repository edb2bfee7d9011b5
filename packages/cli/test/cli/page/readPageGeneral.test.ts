/**
 * The general path on platforms with no source of their own: Ghost (Casper) and Blogger
 * (Contempo) post pages, written after their markup (the head each platform writes, the
 * theme's article, its "read more" cards, labels and comments), trimmed.
 */
import { describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { readPage } from '../../../src/cli/page/readPage.ts';

const ghostPost = `<!DOCTYPE html><html lang="en"><head>
<title>Proofing in a cold kitchen</title>
<link rel="canonical" href="https://bakery.ghost.io/proofing-in-a-cold-kitchen/">
<meta name="referrer" content="no-referrer-when-downgrade">
<meta property="og:site_name" content="The Bakery">
<meta property="og:type" content="article">
<meta property="og:title" content="Proofing in a cold kitchen">
<meta property="og:description" content="Winter slows the dough.">
<meta property="og:url" content="https://bakery.ghost.io/proofing-in-a-cold-kitchen/">
<meta property="og:image" content="https://bakery.ghost.io/content/images/2024/01/dough.jpg">
<meta property="article:published_time" content="2024-01-15T08:30:00.000Z">
<meta property="article:modified_time" content="2024-01-16T10:00:00.000Z">
<meta property="article:tag" content="Sourdough">
<meta property="article:tag" content="Winter">
<script type="application/ld+json">
{"@context":"https://schema.org","@type":"Article","publisher":{"@type":"Organization","name":"The Bakery","url":"https://bakery.ghost.io/"},"author":{"@type":"Person","name":"Hetty Marsh","url":"https://bakery.ghost.io/author/hetty/"},"headline":"Proofing in a cold kitchen","url":"https://bakery.ghost.io/proofing-in-a-cold-kitchen/","datePublished":"2024-01-15T08:30:00.000Z","dateModified":"2024-01-16T10:00:00.000Z","image":{"@type":"ImageObject","url":"https://bakery.ghost.io/content/images/2024/01/dough.jpg","width":1200,"height":800},"keywords":"Sourdough, Winter","description":"Winter slows the dough.","mainEntityOfPage":"https://bakery.ghost.io/proofing-in-a-cold-kitchen/"}
</script>
</head>
<body class="post-template tag-sourdough tag-winter">
<div class="viewport">
<header id="gh-head" class="gh-head outer"><nav class="gh-head-inner inner"><a class="gh-head-logo" href="https://bakery.ghost.io">The Bakery</a><ul class="nav"><li class="nav-home"><a href="https://bakery.ghost.io/">Home</a></li><li class="nav-about"><a href="https://bakery.ghost.io/about/">About</a></li></ul><button class="gh-search">Search</button><a class="gh-head-button" href="#/portal/signup">Subscribe</a></nav></header>
<div class="site-content">
<main id="site-main" class="site-main">
<article class="article post tag-sourdough tag-winter">
<header class="article-header gh-canvas">
<div class="article-tag post-card-tags"><span class="post-card-primary-tag"><a href="/tag/sourdough/">Sourdough</a></span></div>
<h1 class="article-title">Proofing in a cold kitchen</h1>
<p class="article-excerpt">Winter slows the dough.</p>
<div class="article-byline"><section class="article-byline-content"><div class="article-byline-meta"><h4 class="author-name"><a href="/author/hetty/">Hetty Marsh</a></h4><div class="byline-meta-content"><time class="byline-meta-date" datetime="2024-01-15">Jan 15, 2024</time><span class="byline-reading-time"><span class="bull">•</span> 2 min read</span></div></div></section></div>
<figure class="article-image"><img src="/content/images/2024/01/dough.jpg" alt="Dough in a bowl"></figure>
</header>
<section class="gh-content gh-canvas">
<p>In January the kitchen drops to sixteen degrees at night, and the dough barely moves.</p>
<p>I moved the bowl into the oven with only the light on, which keeps it near twenty-four degrees.</p>
<h2 id="what-changed">What changed</h2>
<p>The bulk ferment went from nine hours to five, and the crumb opened up again.</p>
</section>
<section class="article-comments gh-canvas"><div id="ghost-comments-root"></div></section>
</article>
</main>
<aside class="read-more-wrap outer"><div class="read-more inner"><article class="post-card post"><a class="post-card-image-link" href="/feeding-a-starter/"><img class="post-card-image" src="/content/images/starter.jpg" alt=""></a><div class="post-card-content"><h2 class="post-card-title">Feeding a starter</h2><div class="post-card-excerpt">Twice a day, or less.</div><footer class="post-card-meta"><time class="post-card-meta-date" datetime="2023-12-01">Dec 1, 2023</time></footer></div></article></div></aside>
</div>
<footer class="site-footer outer"><div class="inner"><section class="copyright"><a href="https://bakery.ghost.io">The Bakery</a> © 2024</section><div class="gh-powered-by"><a href="https://ghost.org/" target="_blank">Powered by Ghost</a></div></div></footer>
</div></body></html>`;

const bloggerPost = `<!DOCTYPE html><html class='v2' dir='ltr' lang='en'><head>
<meta content='text/html; charset=UTF-8' http-equiv='Content-Type'/>
<title>Garden Diary: Garlic in October</title>
<link href='https://gardendiary.blogspot.com/2023/10/garlic-in-october.html' rel='canonical'/>
<meta content='https://gardendiary.blogspot.com/2023/10/garlic-in-october.html' property='og:url'/>
<meta content='Garlic in October' property='og:title'/>
<meta content='Plant the cloves pointed end up.' property='og:description'/>
<meta content='https://blogger.googleusercontent.com/img/b/garlic.jpg' property='og:image'/>
<script type='application/ld+json'>{"@context":"http://schema.org","@type":"BlogPosting","mainEntityOfPage":{"@type":"WebPage","@id":"https://gardendiary.blogspot.com/2023/10/garlic-in-october.html"},"headline":"Garlic in October","description":"Plant the cloves pointed end up.","datePublished":"2023-10-12T09:15:00-07:00","dateModified":"2023-10-12T09:20:00-07:00","image":{"@type":"ImageObject","url":"https://blogger.googleusercontent.com/img/b/garlic.jpg","height":348,"width":1200},"publisher":{"@type":"Organization","name":"Blogger","logo":{"@type":"ImageObject","url":"https://blogger.googleusercontent.com/img/b/logo.png","width":206,"height":60}},"author":{"@type":"Person","name":"Sam Digger"}}</script>
</head>
<body class='version-1-3-3 variant-indie_light'>
<div class='page'><header class='centered-top-container' role='banner'><div class='centered-top'><div class='blog-name'><div class='widget Header' id='Header1'><h1><a href='https://gardendiary.blogspot.com/'>Garden Diary</a></h1></div></div></div></header>
<div class='page_body'><div class='centered'><main class='centered-bottom' id='main' role='main' tabindex='-1'>
<div class='main section' id='page_body' name='Page body'><div class='widget Blog' data-version='2' id='Blog1'>
<div class='blog-posts hfeed container'><article class='post-outer-container'><div class='post-outer'><div class='post'>
<a name='123'></a>
<h3 class='post-title entry-title'>Garlic in October</h3>
<div class='post-header'><div class='post-header-line-1'><span class='byline post-timestamp'><meta content='https://gardendiary.blogspot.com/2023/10/garlic-in-october.html'/><a class='timestamp-link' href='https://gardendiary.blogspot.com/2023/10/garlic-in-october.html' rel='bookmark' title='permanent link'><time class='published' datetime='2023-10-12T09:15:00-07:00' title='2023-10-12T09:15:00-07:00'>October 12, 2023</time></a></span></div></div>
<div class='post-body-container'><div class='post-body entry-content float-container' id='post-body-123'>
<p>Plant the garlic cloves in October, pointed end up, a hand's width apart.</p>
<p>Softneck varieties keep longest; hardneck ones give scapes in June.</p>
</div></div>
<div class='post-footer'><div class='post-footer-line post-footer-line-1'><span class='byline post-labels'><span class='byline-label'>Labels:</span><a href='https://gardendiary.blogspot.com/search/label/Alliums' rel='tag'>Alliums</a><a href='https://gardendiary.blogspot.com/search/label/Autumn' rel='tag'>Autumn</a></span></div>
<div class='post-share-buttons post-share-buttons-bottom'><div class='byline post-share-buttons goog-inline-block'><a class='goog-inline-block share-button sb-email' href='https://www.blogger.com/share-post.g?blogID=1&postID=123&target=email' title='Email This'><span class='share-button-link-text'>Email This</span></a><a class='share-button sb-twitter' href='https://www.blogger.com/share-post.g?target=twitter'><span class='share-button-link-text'>Share to X</span></a></div></div></div>
</div></div>
<section class='comments threaded' id='comments'><h3 class='title'>2 comments:</h3><div class='comments-content'><p>Lovely, I planted mine yesterday.</p></div><a href='https://www.blogger.com/comment/fullpage/post/1/123'>Post a Comment</a></section>
</article></div></div></div></main></div></div>
<aside class='sidebar-container' role='complementary'><div class='widget BlogArchive'><h3 class='title'>Archive</h3><ul><li><a href='https://gardendiary.blogspot.com/2023/'>2023</a></li></ul></div></aside>
<footer class='footer'><div class='blogger'><a href='https://www.blogger.com'>Powered by Blogger</a></div></footer>
</div></body></html>`;

describe('readPage on platforms read by the general path', () => {
  it('reads a Ghost (Casper) post: declared fields, the article text without its byline, comments, read-more cards or footer', () => {
    const reading = readPage(ghostPost, 'https://bakery.ghost.io/proofing-in-a-cold-kitchen/');
    expect(reading.kind).toBe('post');
    expect(reading.document).toEqual({
      id: documentId('https://bakery.ghost.io/proofing-in-a-cold-kitchen/'),
      title: 'Proofing in a cold kitchen',
      url: 'https://bakery.ghost.io/proofing-in-a-cold-kitchen/',
      date: '2024-01-15T08:30:00.000Z',
      tags: ['Sourdough', 'Winter'],
      author: ['Hetty Marsh'],
      image: 'https://bakery.ghost.io/content/images/2024/01/dough.jpg',
      content: expect.stringContaining('In January the kitchen drops to sixteen degrees'),
    });
    const content = reading.document!.content!;
    expect(content).toContain('The bulk ferment went from nine hours to five');
    for (const chrome of ['Subscribe', 'Feeding a starter', 'Powered by Ghost', 'min read', 'Hetty Marsh', 'Jan 15, 2024']) {
      expect(content).not.toContain(chrome);
    }
  });

  it('reads a Blogger (Contempo) post: its labels are tags, its date in UTC, no share buttons, comments or sidebar in the text', () => {
    const reading = readPage(bloggerPost, 'https://gardendiary.blogspot.com/2023/10/garlic-in-october.html');
    expect(reading.kind).toBe('post');
    expect(reading.document).toEqual({
      id: documentId('https://gardendiary.blogspot.com/2023/10/garlic-in-october.html'),
      title: 'Garlic in October',
      url: 'https://gardendiary.blogspot.com/2023/10/garlic-in-october.html',
      date: '2023-10-12T16:15:00.000Z',
      tags: ['Alliums', 'Autumn'],
      author: ['Sam Digger'],
      image: 'https://blogger.googleusercontent.com/img/b/garlic.jpg',
      content:
        "Plant the garlic cloves in October, pointed end up, a hand's width apart.\n\nSoftneck varieties keep longest; hardneck ones give scapes in June.",
    });
  });

  it("reads Blogger's label pages and its search pages as listings", () => {
    for (const address of [
      'https://gardendiary.blogspot.com/search/label/Alliums',
      'https://gardendiary.blogspot.com/search?updated-max=2023-10-12T09:15:00-07:00',
    ]) {
      expect(readPage(bloggerPost.replace(/<link[^>]+canonical[^>]+>|<meta[^>]+og:url[^>]+>/g, ''), address).kind, address).toBe('listing');
    }
  });
});
