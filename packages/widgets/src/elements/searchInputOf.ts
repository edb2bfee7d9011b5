/**
 * The text field of a theme's search form, or `undefined` when the form is not one the loader
 * takes over (`takeOverSearch`): a form that sends by GET (a search, not a comment or a login)
 * and is a search form by one of the marks themes use — `role="search"` (on the form or around
 * it), a text field of `type="search"`, or WordPress's field named `s` — and whose field has a
 * name (the parameter the theme's search page reads). A form already inside a
 * `<trove-search-box>` (its fallback) is left alone.
 */
export function searchInputOf(form: HTMLFormElement): HTMLInputElement | undefined {
  if (form.method !== 'get' || form.closest('trove-search-box')) return undefined;
  const fields = [...form.querySelectorAll('input')].filter((input) => input.name && /^(search|text)$/.test(input.type));
  const marked = fields.find((input) => input.type === 'search' || input.name === 's');
  return marked ?? (form.closest('[role=search]') ? fields[0] : undefined);
}
