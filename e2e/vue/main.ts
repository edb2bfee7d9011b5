/** A Vue 3 single-page app that uses the Trove elements from the npm package (see App.vue). */
import { createApp } from 'vue';
import { configure, defineElements } from 'trove-search';
import App from './App.vue';

configure({ baseUrl: location.origin, project: 'demo', collection: 'blog', token: 'dev-token' });
defineElements();
createApp(App).mount('#app');
