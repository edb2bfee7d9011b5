// The Trove tags, their attributes and events, for svelte-check.
import type {} from 'trove-search/jsx-svelte';
