import { html } from '../html.ts';
import { layout } from '../layout.ts';
import type { SiteContext } from './SiteContext.ts';

/** `/analytics` until `demo/site/analyticsPage.ts` exists. */
export function analyticsPlaceholder(ctx: SiteContext): string {
  const body = html`<div class="wrap wrap-narrow prose">
  <header class="page-head">
    <p class="kicker">Analytics</p>
    <h1>Click analytics</h1>
  </header>
  <div class="notice">
    <p><strong>Analytics arrives with the trove command issue.</strong></p>
    <p>Until then, the raw feedback log the service records is at <a href="/_trove/feedback">/_trove/feedback</a>.</p>
  </div>
</div>`;
  return layout({ title: 'Analytics', current: 'analytics', topics: ctx.blog.categories, widgets: ctx.widgets, body });
}
