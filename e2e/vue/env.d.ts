/// <reference types="vite/client" />
import type {} from 'trove-search/jsx-vue';

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
