/** `text` with every occurrence of `token` (raw or URL-encoded) blanked out as `***`. */
export function redactToken(text: string, token: string | undefined): string {
  return token ? text.split(token).join('***').split(encodeURIComponent(token)).join('***') : text;
}
