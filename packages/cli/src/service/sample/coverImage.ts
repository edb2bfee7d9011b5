/**
 * The demo's cover images: an abstract 1200×675 SVG (gradient, soft shapes, a wave, a dot grid)
 * made deterministically from a number, so `/demo-assets/img/42.svg` (the demo site) and
 * `/_trove/img/42.svg` (`trove serve --seed`) are the same picture on every
 * run and no image files need to ship.
 */
import { seededRandom } from './seededRandom.ts';

const palettes: readonly (readonly [string, string, string, string])[] = [
  ['#0f172a', '#1e3a8a', '#38bdf8', '#f472b6'],
  ['#1f2937', '#7c2d12', '#fb923c', '#fde68a'],
  ['#052e16', '#166534', '#4ade80', '#facc15'],
  ['#2e1065', '#6d28d9', '#c084fc', '#f9a8d4'],
  ['#082f49', '#0e7490', '#67e8f9', '#a7f3d0'],
  ['#3f0d12', '#be123c', '#fb7185', '#fed7aa'],
  ['#1c1917', '#44403c', '#f59e0b', '#fef3c7'],
  ['#0c0a09', '#0f766e', '#5eead4', '#e0f2fe'],
  ['#172554', '#4338ca', '#818cf8', '#fcd34d'],
  ['#431407', '#c2410c', '#fdba74', '#bae6fd'],
];

const W = 1200;
const H = 675;

export function coverImage(n: number): string {
  const rand = seededRandom(Math.imul(n + 1, 2654435761));
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);
  const round = (x: number) => Math.round(x * 10) / 10;
  const [deep, mid, bright, accent] = palettes[Math.abs(n) % palettes.length]!;
  const angle = Math.round(between(0, 360));

  const blobs: string[] = [];
  const blobCount = 3 + Math.floor(rand() * 3);
  for (let i = 0; i < blobCount; i++) {
    const colour = i % 2 === 0 ? bright : accent;
    blobs.push(
      `<circle cx="${round(between(0, W))}" cy="${round(between(0, H))}" r="${round(between(90, 320))}" fill="${colour}" opacity="${round(between(0.25, 0.6))}"/>`,
    );
  }

  const waves: string[] = [];
  for (let w = 0; w < 2; w++) {
    const base = between(H * 0.45, H * 0.8);
    const amp = between(30, 90);
    const phase = between(0, Math.PI * 2);
    const freq = between(1, 2.5);
    let d = `M0 ${H}`;
    for (let x = 0; x <= W; x += 40) {
      const y = base + Math.sin((x / W) * Math.PI * 2 * freq + phase) * amp;
      d += ` L${x} ${round(y)}`;
    }
    d += ` L${W} ${H} Z`;
    waves.push(`<path d="${d}" fill="${w === 0 ? mid : deep}" opacity="${w === 0 ? 0.55 : 0.7}"/>`);
  }

  const dots: string[] = [];
  const gx = round(between(60, W - 360));
  const gy = round(between(50, H / 2 - 60));
  const step = 22;
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 12; c++) {
      dots.push(`<circle cx="${gx + c * step}" cy="${gy + r * step}" r="3"/>`);
    }
  }

  const ring = `<circle cx="${round(between(200, W - 200))}" cy="${round(between(120, H - 200))}" r="${round(between(60, 140))}" fill="none" stroke="${accent}" stroke-width="${round(between(6, 18))}" opacity="0.8"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-hidden="true">`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient>`,
    `<filter id="b" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="40"/></filter></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    `<g filter="url(#b)">${blobs.join('')}</g>`,
    ring,
    waves.join(''),
    `<g fill="#ffffff" opacity="0.35">${dots.join('')}</g>`,
    `</svg>`,
  ].join('');
}
