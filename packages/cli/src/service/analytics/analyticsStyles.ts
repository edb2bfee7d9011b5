/**
 * The analytics page's styles, drawn from the widgets' own (src/styles/base.css): the same
 * `--trove-*` custom properties, derived the same way when unset (text colour mixes for muted
 * text, borders, hovers and chips; the accent for links and bars), on the browser's light or dark
 * canvas (`color-scheme: light dark`), so the page follows the reader's system setting.
 * test/service/analyticsPage.test.ts checks every `--trove-*` property here is one of base.css.
 */
export const analyticsStyles = `
:root {
  color-scheme: light dark;
  --_page: Canvas;
  --_link: light-dark(#1a56c4, #9cc0ff);
  font-family: var(--trove-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--trove-font-size, 1rem);
  line-height: 1.5;
  color: var(--trove-color-text, CanvasText);
  background: var(--trove-color-bg, Canvas);
  --_muted: var(--trove-color-muted, color-mix(in srgb, currentColor 72%, transparent));
  --_surface: var(--trove-color-surface, var(--_page, Canvas));
  --_border: var(--trove-color-border, color-mix(in srgb, currentColor 22%, transparent));
  --_accent: var(--trove-color-accent, var(--_link, currentColor));
  --_accent-text: var(--trove-color-accent-text, var(--_page, Canvas));
  --_hover: var(--trove-color-hover, color-mix(in srgb, currentColor 8%, transparent));
  --_chip: var(--trove-color-chip, color-mix(in srgb, currentColor 10%, transparent));
  --_focus: var(--trove-color-focus, var(--_accent));
  --_error: var(--trove-color-error, light-dark(#b42318, #ff8a80));
  --_radius: var(--trove-radius, 0.5em);
  --_space: var(--trove-space, 0.5em);
}
* { box-sizing: border-box; }
body { margin: 0; }
a { color: var(--_accent); text-underline-offset: 0.15em; }
:focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
.page { max-inline-size: 72rem; margin: 0 auto; padding: calc(var(--_space) * 4) calc(var(--_space) * 3) calc(var(--_space) * 8); }
header.top { display: flex; flex-wrap: wrap; gap: calc(var(--_space) * 2) calc(var(--_space) * 4); align-items: end; justify-content: space-between; margin-block-end: calc(var(--_space) * 4); }
h1 { margin: 0; font-size: 1.75em; line-height: 1.2; }
.sub { margin: 0.25em 0 0; color: var(--_muted); }
h2 { margin: 0 0 calc(var(--_space) * 0.5); font-size: 1.125em; }
.note { margin: 0 0 calc(var(--_space) * 2); color: var(--_muted); font-size: 0.9em; }
form.range { display: flex; flex-wrap: wrap; gap: var(--_space); align-items: end; }
form.range label { display: grid; gap: 0.125em; font-size: 0.85em; color: var(--_muted); }
input, select, .button {
  font: inherit; font-size: 0.95em; color: inherit;
  min-block-size: 2.5em; padding: 0.375em 0.75em;
  border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface);
}
.button { display: inline-flex; align-items: center; cursor: pointer; text-decoration: none; }
button.button { background: var(--_accent); color: var(--_accent-text); border-color: var(--_accent); font-weight: 600; }
.button:hover { background: var(--_hover); }
button.button:hover { background: color-mix(in srgb, var(--_accent) 85%, CanvasText); }
.exports { display: flex; gap: var(--_space); align-items: center; font-size: 0.9em; color: var(--_muted); }
.exports .button { min-block-size: 2.25em; color: var(--_accent); }
.tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 8.5rem), 1fr)); gap: calc(var(--_space) * 1.5); margin: 0 0 calc(var(--_space) * 4); padding: 0; }
.tile { margin: 0; padding: calc(var(--_space) * 2); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
.tile dt { color: var(--_muted); font-size: 0.85em; }
.tile dd { margin: 0.125em 0 0; font-size: 1.75em; font-weight: 700; line-height: 1.15; font-variant-numeric: tabular-nums; }
.tile dd small { display: block; font-size: 0.45em; font-weight: 400; color: var(--_muted); line-height: 1.4; }
.tile.is-gap dd > span { color: var(--_error); }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr)); gap: calc(var(--_space) * 3); align-items: start; }
section.card { min-inline-size: 0; padding: calc(var(--_space) * 2.5); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
section.card.wide { grid-column: 1 / -1; }
.empty { margin: 0; padding: calc(var(--_space) * 2); border: 1px dashed var(--_border); border-radius: var(--_radius); color: var(--_muted); text-align: center; }
.scroll { overflow-x: auto; }
table { inline-size: 100%; border-collapse: collapse; font-size: 0.9em; font-variant-numeric: tabular-nums; }
th, td { padding: 0.45em 0.5em; border-block-end: 1px solid var(--_border); text-align: end; vertical-align: top; }
th { color: var(--_muted); font-weight: 600; font-size: 0.85em; white-space: nowrap; }
th:first-child, td:first-child { text-align: start; padding-inline-start: 0; }
td:first-child { overflow-wrap: anywhere; min-inline-size: 8em; }
tbody tr:hover { background: var(--_hover); }
.query { font-weight: 600; }
.other { color: var(--_muted); font-style: italic; }
.dim { color: var(--_muted); }
.chart { display: grid; gap: 0.25em; }
.chart svg { display: block; inline-size: 100%; block-size: 11rem; }
.chart .searches { fill: var(--_accent); }
.chart .typed { fill: color-mix(in srgb, var(--_accent) 35%, transparent); }
.chart .empty-bar { fill: var(--_error); }
.chart .axis { stroke: var(--_border); stroke-width: 1; }
.axis-labels { display: flex; justify-content: space-between; color: var(--_muted); font-size: 0.8em; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25em 1.25em; margin: 0.5em 0 0; padding: 0; list-style: none; color: var(--_muted); font-size: 0.85em; }
.legend li::before { content: ""; display: inline-block; inline-size: 0.8em; block-size: 0.8em; margin-inline-end: 0.4em; border-radius: 2px; vertical-align: -0.05em; background: var(--swatch); }
.legend .searches { --swatch: var(--_accent); }
.legend .typed { --swatch: color-mix(in srgb, var(--_accent) 35%, transparent); }
.legend .empty-bar { --swatch: var(--_error); }
details { margin-block-start: var(--_space); font-size: 0.9em; }
summary { cursor: pointer; color: var(--_accent); }
.bars { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4em; }
.bars li { display: grid; grid-template-columns: 4.5em 1fr 3em; gap: 0.5em; align-items: center; font-size: 0.9em; font-variant-numeric: tabular-nums; }
.bars .track { block-size: 0.7em; border-radius: 999px; background: var(--_chip); overflow: hidden; }
.bars .fill { display: block; block-size: 100%; background: var(--_accent); border-radius: 999px; }
.bars .count { text-align: end; }
.positions { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr)); gap: calc(var(--_space) * 3); }
.positions h3 { margin: 0 0 0.5em; font-size: 0.95em; }
.chip .field { color: var(--_muted); }
.chip { display: inline-block; padding: 0.05em 0.6em; border-radius: 999px; background: var(--_chip); border: 1px solid var(--_border); font-size: 0.9em; }
footer { margin-block-start: calc(var(--_space) * 5); color: var(--_muted); font-size: 0.85em; }
.visually-hidden { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.error { color: var(--_error); }
@media (max-width: 40rem) {
  .page { padding: calc(var(--_space) * 3) calc(var(--_space) * 2) calc(var(--_space) * 6); }
  h1 { font-size: 1.4em; }
  .tile dd { font-size: 1.4em; }
  section.card { padding: calc(var(--_space) * 2) calc(var(--_space) * 1.5); }
  table { font-size: 0.85em; }
  th { white-space: normal; }
  th, td { padding-inline: 0.25em; }
  td:first-child { min-inline-size: 6em; }
  .hide-narrow { display: none; }
}
`;
