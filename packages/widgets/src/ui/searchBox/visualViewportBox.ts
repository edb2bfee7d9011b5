/**
 * The visual viewport's top and height as CSS declarations for a fixed full-screen panel: the
 * on-screen keyboard shrinks (and may move) the visual viewport while the layout viewport, which
 * `inset: 0` fills, stays as it was.
 */
export function visualViewportBox(): string {
  const viewport = globalThis.visualViewport;
  return viewport ? `top:${viewport.offsetTop}px;height:${viewport.height}px` : '';
}
