// embed.html's only script (the page's CSP allows no inline script). Query parameters:
//   fw=bootstrap|bulma  style the page with that CSS framework from npm
//   dir=rtl             right-to-left page (lang ar)
//   trove=0             do not load Trove (to compare the page's own styles)
const params = new URLSearchParams(location.search);
const fw = params.get('fw');
if (fw === 'bootstrap' || fw === 'bulma') {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fw === 'bootstrap' ? '/vendor/bootstrap/bootstrap.min.css' : '/vendor/bulma/bulma.min.css';
  link.addEventListener('load', () => (document.documentElement.dataset.framework = fw));
  document.head.append(link);
}
if (params.get('dir') === 'rtl') {
  document.documentElement.dir = 'rtl';
  document.documentElement.lang = 'ar';
}
if (params.get('trove') !== '0') {
  const script = document.createElement('script');
  script.src = '/dist/trove.js';
  Object.assign(script.dataset, { baseUrl: '/', project: 'demo', collection: 'blog', token: 'dev-token' });
  document.head.append(script);
}
