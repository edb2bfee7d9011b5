import { expect, test } from '@playwright/test';

/**
 * A page of another site open in the developer's browser while the local service runs without a
 * write token (the loopback rule): it can neither index into the service nor read or clear what
 * readers did. `localhost` is another origin than `127.0.0.1`, so a page served from it is a
 * stranger's page for the service at 127.0.0.1.
 */
const port = Number(process.env.TROVE_E2E_PORT ?? 4179);
const service = `http://127.0.0.1:${port}`;
const V2 = '/api/v2/projects/demo/collections/blog';

test('a page of another site can neither index nor read or clear the feedback log', async ({ page, request }) => {
  await request.get(`${V2}/autocomplete/feedback/hits?token=dev-token&query=kestrel&item_order=1&user_ip=203.0.113.7`);
  const logged = ((await (await request.get('/_trove/feedback')).json()) as unknown[]).length;
  expect(logged).toBeGreaterThan(0);

  await page.goto(`http://localhost:${port}/pages/search-box.html`);
  const outcome = await page.evaluate(
    async ({ base, path }) => {
      const documents = JSON.stringify([{ id: 990_001, title: 'Planted by another site' }]);
      const url = `${base}${path}/documents?token=dev-token`;
      // Requests a page may send without asking first (no preflight): their answers are opaque.
      await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: documents });
      await fetch(url, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ [documents]: '' }) });
      const asJson = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: documents }).then(
        (r) => r.status,
        () => 'blocked',
      );
      const read = await fetch(`${base}/_trove/feedback`).then(
        () => 'read',
        () => 'blocked',
      );
      const cleared = await fetch(`${base}/_trove/feedback`, { method: 'DELETE' }).then(
        (r) => r.status,
        () => 'blocked',
      );
      return { asJson, read, cleared };
    },
    { base: service, path: V2 },
  );
  expect(outcome).toEqual({ asJson: 403, read: 'blocked', cleared: 'blocked' });

  // (The seed's posts on planting match `planted` by its stem: the planted document must not be among them.)
  const planted = await (await request.get(`${V2}/search/default?token=dev-token&q=planted&limit=100`)).json();
  expect((planted.response.results as { id: string }[]).map((result) => String(result.id))).not.toContain('990001');
  expect(((await (await request.get('/_trove/feedback')).json()) as unknown[]).length).toBe(logged);
});
