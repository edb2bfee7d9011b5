import { defineWordPressSuite } from './wordpressSuite.ts';

/** The plugin on Twenty Twenty-Three, the block theme (its header has no search of its own). */
defineWordPressSuite('twentytwentythree', {
  screenshots: { light: 'docs/wordpress-twentytwentythree.png', phone: 'docs/wordpress-twentytwentythree-phone-dark.png' },
  serverSide: true,
});
