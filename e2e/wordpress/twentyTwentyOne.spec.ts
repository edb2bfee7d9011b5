import { defineWordPressSuite } from './wordpressSuite.ts';

/** The plugin on Twenty Twenty-One, the classic theme (its search form from get_search_form()). */
defineWordPressSuite('twentytwentyone', {
  screenshots: { light: 'docs/wordpress-twentytwentyone.png', phone: 'docs/wordpress-twentytwentyone-phone-dark.png' },
  serverSide: false,
});
