/** A Svelte 5 app that uses the Trove elements of the script tag, typed by the npm package (see App.svelte). */
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
