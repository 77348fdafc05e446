/**
 * Draws the bundled photo set of the photo source (worker/features/photos/bundled.ts): ten pictures
 * made for this repository from the SVG scenes below, dedicated to the public domain (CC0 1.0), so
 * that the photo tab works offline and in tests without any provider. Run once after changing a
 * scene: `npm exec -- node scripts/make-bundled-photos.mjs` (sharp draws the SVG and writes JPEGs
 * into client/static/photos/bundled/). The output is committed; nothing runs this in the build.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'client', 'static', 'photos', 'bundled');

/** A seeded generator (mulberry32): the same scene every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const grain = (id, opacity = 0.08, freq = 0.9) =>
  `<filter id="${id}"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="3"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer></filter>`;

/** A ridge line across the width: a mountain or dune silhouette. */
function ridge(rand, w, h, base, amplitude, steps, smooth = false) {
  const points = [];
  for (let i = 0; i <= steps; i++) points.push([(i / steps) * w, base - rand() * amplitude]);
  if (!smooth) return `M0 ${h} ${points.map(([x, y]) => `L${x.toFixed(1)} ${y.toFixed(1)}`).join(' ')} L${w} ${h} Z`;
  let d = `M0 ${h} L${points[0][0]} ${points[0][1].toFixed(1)}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    d += ` C${(x0 + (x1 - x0) / 2).toFixed(1)} ${y0.toFixed(1)} ${(x0 + (x1 - x0) / 2).toFixed(1)} ${y1.toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
  }
  return `${d} L${w} ${h} Z`;
}

const scenes = {
  'sunset-mountains': [
    1200,
    800,
    (w, h) => {
      const r = random(1);
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b1055"/><stop offset="0.55" stop-color="#d5456d"/><stop offset="1" stop-color="#ffb56b"/></linearGradient>${grain('g')}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${w * 0.62}" cy="${h * 0.52}" r="90" fill="#ffe3a3" opacity="0.95"/>
      <path d="${ridge(r, w, h, h * 0.62, 150, 9)}" fill="#7a2f6b"/><path d="${ridge(r, w, h, h * 0.74, 120, 12)}" fill="#4a1f52"/><path d="${ridge(r, w, h, h * 0.88, 90, 16)}" fill="#24102e"/>
      <rect width="${w}" height="${h}" filter="url(#g)"/>`;
    },
  ],
  'ocean-waves': [
    1200,
    800,
    (w, h) => {
      const r = random(2);
      let waves = '';
      for (let i = 0; i < 14; i++) {
        const y = h * 0.48 + i * i * 2.2;
        waves += `<path d="${ridge(r, w, h, y, 10 + i, 10, true)}" fill="hsl(${195 + i * 1.5} ${60 - i}% ${42 - i * 1.6}%)" opacity="0.9"/>`;
      }
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ed1fc"/><stop offset="1" stop-color="#e6f6ff"/></linearGradient>${grain('g', 0.06)}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${w * 0.2}" cy="${h * 0.2}" r="60" fill="#fffbe8" opacity="0.8"/>${waves}
      <path d="M0 ${h} L0 ${h * 0.9} C${w * 0.3} ${h * 0.84} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.86} L${w} ${h} Z" fill="#f1dcb3"/><rect width="${w}" height="${h}" filter="url(#g)"/>`;
    },
  ],
  'desert-dunes': [
    1200,
    800,
    (w, h) => {
      const r = random(3);
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6d6a8"/><stop offset="1" stop-color="#fbeee0"/></linearGradient>
      <linearGradient id="d1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e39b5b"/><stop offset="1" stop-color="#b9603a"/></linearGradient>
      <linearGradient id="d2" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9824a"/><stop offset="1" stop-color="#8f4327"/></linearGradient>${grain('g', 0.1)}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${w * 0.8}" cy="${h * 0.25}" r="55" fill="#fff6de"/>
      <path d="${ridge(r, w, h, h * 0.6, 90, 4, true)}" fill="url(#d1)"/><path d="${ridge(r, w, h, h * 0.8, 110, 3, true)}" fill="url(#d2)"/>
      <rect width="${w}" height="${h}" filter="url(#g)"/>`;
    },
  ],
  'misty-forest': [
    800,
    1000,
    (w, h) => {
      const r = random(4);
      let layers = '';
      for (let layer = 0; layer < 4; layer++) {
        const base = h * (0.55 + layer * 0.13);
        const light = 70 - layer * 17;
        let trees = '';
        for (let x = -20; x < w + 40; x += 28 + r() * 30) {
          const th = 120 + r() * 160 + layer * 40;
          const tw = th * 0.32;
          trees += `<path d="M${x.toFixed(1)} ${(base - th).toFixed(1)} L${(x + tw / 2).toFixed(1)} ${base.toFixed(1)} L${(x - tw / 2).toFixed(1)} ${base.toFixed(1)} Z"/>`;
        }
        layers += `<g fill="hsl(160 18% ${light}%)">${trees}<rect x="0" y="${base - 1}" width="${w}" height="${h - base + 1}"/></g>`;
        layers += `<rect x="0" y="${base - 220}" width="${w}" height="240" fill="url(#fog)"/>`;
      }
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9e4"/><stop offset="1" stop-color="#b6cbc2"/></linearGradient>
      <linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8f0ec" stop-opacity="0"/><stop offset="1" stop-color="#e8f0ec" stop-opacity="0.5"/></linearGradient>${grain('g', 0.07)}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>${layers}<rect width="${w}" height="${h}" filter="url(#g)"/>`;
    },
  ],
  'night-sky': [
    1200,
    800,
    (w, h) => {
      const r = random(5);
      let stars = '';
      for (let i = 0; i < 260; i++)
        stars += `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h * 0.75).toFixed(1)}" r="${(0.4 + r() * r() * 2.2).toFixed(2)}" fill="#fff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`;
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050a24"/><stop offset="0.7" stop-color="#1b2a5e"/><stop offset="1" stop-color="#3d4f8a"/></linearGradient>
      <radialGradient id="m"><stop offset="0.6" stop-color="#fffbe6"/><stop offset="1" stop-color="#fffbe6" stop-opacity="0"/></radialGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>${stars}<circle cx="${w * 0.78}" cy="${h * 0.22}" r="70" fill="url(#m)"/>
      <path d="${ridge(r, w, h, h * 0.9, 80, 6, true)}" fill="#070b1c"/>`;
    },
  ],
  'city-dusk': [
    1200,
    800,
    (w, h) => {
      const r = random(6);
      let city = '';
      for (let x = 0; x < w;) {
        const bw = 50 + r() * 90;
        const bh = 160 + r() * 380;
        const top = h - bh;
        city += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(bw - 4).toFixed(1)}" height="${bh.toFixed(1)}" fill="hsl(250 25% ${12 + r() * 8}%)"/>`;
        for (let wy = top + 14; wy < h - 20; wy += 22)
          for (let wx = x + 8; wx < x + bw - 16; wx += 16)
            if (r() < 0.35)
              city += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="7" height="10" fill="#ffd27a" opacity="${(0.5 + r() * 0.5).toFixed(2)}"/>`;
        x += bw;
      }
      return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2b64"/><stop offset="0.6" stop-color="#8c5fa8"/><stop offset="1" stop-color="#f8a978"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>${city}`;
    },
  ],
  'pastel-shapes': [
    1000,
    1000,
    (w, h) => {
      const r = random(7);
      const colours = ['#ffd6e0', '#c1e1ff', '#d7f9d2', '#fff1b8', '#e6d4ff', '#ffc9a8'];
      let shapes = '';
      for (let i = 0; i < 14; i++) {
        const c = colours[i % colours.length];
        const x = r() * w;
        const y = r() * h;
        const s = 80 + r() * 220;
        shapes +=
          i % 3 === 0
            ? `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${s.toFixed(1)}" height="${s.toFixed(1)}" rx="${(s / 5).toFixed(1)}" fill="${c}" transform="rotate(${(r() * 60 - 30).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
            : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(s / 2).toFixed(1)}" fill="${c}"/>`;
      }
      return `<defs>${grain('g', 0.05)}<filter id="sh"><feDropShadow dx="0" dy="8" stdDeviation="10" flood-opacity="0.12"/></filter></defs>
      <rect width="${w}" height="${h}" fill="#fbf7f2"/><g filter="url(#sh)">${shapes}</g><rect width="${w}" height="${h}" filter="url(#g)"/>`;
    },
  ],
  'coffee-table': [
    1000,
    1000,
    (w, h) => {
      let planks = '';
      for (let i = 0; i < 6; i++)
        planks += `<rect x="0" y="${i * (h / 6)}" width="${w}" height="${h / 6 - 3}" fill="hsl(${26 + i * 2} 42% ${38 + (i % 2) * 5}%)"/>`;
      return `<defs><filter id="wood"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.18" numOctaves="3" seed="8"/><feColorMatrix type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.1  0 0 0 0 0.03  0 0 0 0.35 0"/></filter>
      <radialGradient id="coffee"><stop offset="0" stop-color="#6b3d1f"/><stop offset="0.8" stop-color="#3b1d0c"/><stop offset="1" stop-color="#2a1408"/></radialGradient>
      <filter id="sh"><feDropShadow dx="14" dy="18" stdDeviation="14" flood-opacity="0.35"/></filter></defs>
      ${planks}<rect width="${w}" height="${h}" filter="url(#wood)"/>
      <g filter="url(#sh)"><circle cx="${w * 0.45}" cy="${h * 0.5}" r="250" fill="#f4f1ec"/><circle cx="${w * 0.45}" cy="${h * 0.5}" r="160" fill="#ffffff"/>
      <path d="M${w * 0.45 + 150} ${h * 0.5 - 40} q90 0 90 40 q0 40 -90 40" fill="none" stroke="#ffffff" stroke-width="26"/></g>
      <circle cx="${w * 0.45}" cy="${h * 0.5}" r="130" fill="url(#coffee)"/><ellipse cx="${w * 0.45 - 25}" cy="${h * 0.5 - 30}" rx="55" ry="30" fill="#c89a6a" opacity="0.5"/>
      <g fill="#3a1d0c"><ellipse cx="${w * 0.86}" cy="${h * 0.2}" rx="18" ry="12" transform="rotate(30 ${w * 0.86} ${h * 0.2})"/><ellipse cx="${w * 0.8}" cy="${h * 0.85}" rx="18" ry="12" transform="rotate(-20 ${w * 0.8} ${h * 0.85})"/><ellipse cx="${w * 0.12}" cy="${h * 0.14}" rx="18" ry="12"/></g>`;
    },
  ],
  'citrus-pattern': [
    800,
    1000,
    (w, h) => {
      const r = random(9);
      let slices = '';
      for (let y = 60; y < h + 60; y += 190)
        for (let x = ((y / 190) % 2) * 95 + 60; x < w + 60; x += 190) {
          const hue = r() < 0.5 ? 32 : 48;
          let segs = '';
          for (let s = 0; s < 10; s++)
            segs += `<path d="M0 0 L${(62 * Math.cos((s * Math.PI) / 5)).toFixed(1)} ${(62 * Math.sin((s * Math.PI) / 5)).toFixed(1)} A62 62 0 0 1 ${(62 * Math.cos(((s + 1) * Math.PI) / 5)).toFixed(1)} ${(62 * Math.sin(((s + 1) * Math.PI) / 5)).toFixed(1)} Z" fill="hsl(${hue} 95% 60%)" stroke="hsl(${hue} 90% 85%)" stroke-width="4"/>`;
          slices += `<g transform="translate(${x} ${y}) rotate(${(r() * 36).toFixed(1)})"><circle r="74" fill="hsl(${hue} 95% 48%)"/><circle r="66" fill="hsl(${hue} 80% 88%)"/>${segs}</g>`;
        }
      return `<defs><filter id="sh"><feDropShadow dx="6" dy="8" stdDeviation="6" flood-opacity="0.25"/></filter></defs><rect width="${w}" height="${h}" fill="#2f8f83"/><g filter="url(#sh)">${slices}</g>`;
    },
  ],
  'bokeh-lights': [
    800,
    1000,
    (w, h) => {
      const r = random(10);
      let lights = '';
      for (let i = 0; i < 46; i++) {
        const hue = [38, 330, 200, 48][i % 4];
        lights += `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h).toFixed(1)}" r="${(18 + r() * 70).toFixed(1)}" fill="hsl(${hue} 90% ${55 + r() * 20}%)" opacity="${(0.15 + r() * 0.4).toFixed(2)}"/>`;
      }
      return `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#2b1b3d"/><stop offset="1" stop-color="#0b0714"/></radialGradient><filter id="b"><feGaussianBlur stdDeviation="7"/></filter></defs>
      <rect width="${w}" height="${h}" fill="url(#bg)"/><g filter="url(#b)">${lights}</g>`;
    },
  ],
};

mkdirSync(OUT, { recursive: true });
for (const [name, [w, h, draw]] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${draw(w, h)}</svg>`;
  const info = await sharp(Buffer.from(svg))
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(join(OUT, `${name}.jpg`));
  console.log(name, info.width, info.height, info.size);
}
