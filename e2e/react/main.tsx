/** A React 19 single-page app that uses the three Trove elements from the npm package. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, defineElements, type TroveSearchEvent, type TroveSelectEvent } from 'trove-search';
import type {} from 'trove-search/jsx-react';

configure({ baseUrl: location.origin, project: 'demo', collection: 'blog', token: 'dev-token' });
defineElements();

function App() {
  const [route, setRoute] = useState('home');
  const [docId, setDocId] = useState('1');
  const [searched, setSearched] = useState('');

  // An SPA router takes the navigation over: cancel the element's own.
  const onSelect = (event: TroveSelectEvent) => {
    event.preventDefault();
    const detail = event.detail;
    setRoute('suggestion' in detail ? `suggestion:${detail.suggestion.phrase}` : `post:${detail.recommendation.id}`);
  };
  const onSearch = (event: TroveSearchEvent) => {
    event.preventDefault();
    setSearched(event.detail.q);
  };

  return (
    <main>
      <h1>React 19 app</h1>
      <trove-search-box placeholder="Search from React" results-url="/nowhere" ontrove-select={onSelect} ontrove-search={onSearch} />
      <p data-testid="route">{route}</p>
      <p data-testid="searched">{searched}</p>
      <trove-search-results no-url-sync="" limit={3} />
      <button type="button" onClick={() => setDocId('2')}>
        Show post 2
      </button>
      <trove-related-posts doc-id={docId} eager="" layout="grid" heading="More from React" ontrove-select={onSelect} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
