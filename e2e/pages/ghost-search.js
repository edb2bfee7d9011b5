// A stand-in for Ghost's own search (sodo-search, which Ghost loads from a CDN: no network here),
// binding what it binds: a click on every [data-ghost-search] element, ⌘K / Ctrl K on the document,
// and the #/search address. When it opens it says so on <html> (data-ghost-search-open) and adds
// its root, as sodo-search adds #sodo-search-root with its iframe.
(() => {
  const open = () => {
    document.documentElement.dataset.ghostSearchOpen = 'true';
    if (!document.getElementById('sodo-search-root')) {
      const root = document.createElement('div');
      root.id = 'sodo-search-root';
      root.textContent = 'Ghost search';
      document.body.append(root);
    }
  };
  const start = () => {
    for (const button of document.querySelectorAll('[data-ghost-search]'))
      button.addEventListener('click', (event) => {
        event.preventDefault();
        open();
      });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        event.stopPropagation();
        open();
      }
    });
    const fromAddress = () => /^#\/search\/?$/.test(location.hash) && open();
    window.addEventListener('hashchange', fromAddress);
    fromAddress();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
