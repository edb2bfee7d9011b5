import type { BlogIndex } from '../createBlogIndex.ts';
import type { WidgetSetup } from '../layout.ts';

/** What every page renderer gets. */
export interface SiteContext {
  blog: BlogIndex;
  widgets: WidgetSetup;
  /** `http://host:port` of the request, for canonical links. */
  origin: string;
}

export const pageSize = 12;
