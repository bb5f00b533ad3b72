#!/usr/bin/env node
// Draws the site's seed illustrations (flat vector SVG, no raster, no fonts) into web/public/images/.
// Usage: node scripts/draw-seed-images.mjs   (deterministic: re-running produces identical files)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'images');
const PAL = {
  wall: '#EEE4D4', sand: '#E3D2B8', linen: '#D8C6AA', walnut: '#7B4F2E', walnutD: '#573620', oak: '#C49A6C',
  sage: '#93A887', sageD: '#5E7A5B', terra: '#C56E4A', brass: '#C9A050', teal: '#1F5A63', tealD: '#143F47',
  char: '#34312E', white: '#FBF8F2', stone: '#ECE7DF', mustard: '#D6A243', steel: '#BFC1BE',
};

// ---------- tiny SVG toolkit ----------
let ID = 0;
const uid = (p) => `${p}${++ID}`;
const n1 = (v) => (typeof v === 'number' ? +v.toFixed(1) : v);
const D = (str, ...v) => str.reduce((a, s, i) => a + s + (i < v.length ? n1(v[i]) : ''), '');
const A = (o) => Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== false)
  .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase())}="${n1(v)}"`).join('');
const el = (t, a = {}, kids) => (kids === undefined ? `<${t}${A(a)}/>` : `<${t}${A(a)}>${[kids].flat().join('')}</${t}>`);
const R = (x, y, width, height, fill, o = {}) => el('rect', { x, y, width, height, fill, ...o });
const C = (cx, cy, r, fill, o = {}) => el('circle', { cx, cy, r, fill, ...o });
const E = (cx, cy, rx, ry, fill, o = {}) => el('ellipse', { cx, cy, rx, ry, fill, ...o });
const P = (d, fill, o = {}) => el('path', { d, fill, ...o });
const Q = (pts, fill, o = {}) => el('polygon', { points: pts.map((p) => p.map(n1).join(',')).join(' '), fill, ...o });
const L = (x1, y1, x2, y2, stroke, sw = 2, o = {}) => el('line', { x1, y1, x2, y2, stroke, strokeWidth: sw, strokeLinecap: 'round', ...o });
const G = (kids, o = {}) => el('g', o, kids);
const at = (x, y, s, kids) => G(kids, { transform: `translate(${n1(x)} ${n1(y)})${s !== 1 ? ` scale(${s})` : ''}` });
const clip = (shape, kids) => { const id = uid('k'); return `<clipPath id="${id}">${shape}</clipPath>` + G(kids, { clipPath: `url(#${id})` }); };
const crop = (body, x0, y0, s) => G(body, { transform: `translate(${n1(-x0 * s)} ${n1(-y0 * s)}) scale(${s})` });
const rng = (seed) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const shade = (hex, a) => {
  const n = parseInt(hex.slice(1), 16), t = a < 0 ? 0 : 255, p = Math.abs(a);
  return '#' + [16, 8, 0].map((s) => { const c = (n >> s) & 255; return Math.round(c + (t - c) * p).toString(16).padStart(2, '0'); }).join('');
};
const stops = (s) => s.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ''}/>`).join('');
const lin = (id, s, h) => `<linearGradient id="${id}" x1="0" y1="0" x2="${h ? 1 : 0}" y2="${h ? 0 : 1}">${stops(s)}</linearGradient>`;
const rad = (id, s) => `<radialGradient id="${id}">${stops(s)}</radialGradient>`;
const DEFS = {
  sh: rad('sh', [[0, '#3A2616', 0.4], [1, '#3A2616', 0]]),
  glow: rad('glow', [[0, '#FFE6AE', 0.8], [0.35, '#FFD98A', 0.3], [1, '#FFD98A', 0]]),
  wallG: lin('wallG', [[0, '#000', 0.08], [0.5, '#000', 0], [1, '#000', 0.04]]),
  floorG: lin('floorG', [[0, '#000', 0.16], [0.4, '#000', 0.03], [1, '#000', 0.1]]),
  glass: lin('glass', [[0, '#fff', 0.35], [0.45, '#fff', 0.05], [1, '#fff', 0.18]], 1),
  skyD: lin('skyD', [[0, '#A8CAD2'], [0.7, '#E4E3D3'], [1, '#F3E2C6']]),
  skyN: lin('skyN', [[0, '#0B1626'], [0.6, '#1F2F48'], [1, '#5A475A']]),
  skyK: lin('skyK', [[0, '#3C5274'], [0.55, '#B58A80'], [1, '#EDB17C']]),
  beam: lin('beam', [[0, '#FFE6AE', 0.6], [1, '#FFE6AE', 0]]),
  refl: lin('refl', [[0, '#F0B36A', 0.22], [1, '#F0B36A', 0]]),
  vign: lin('vign', [[0, '#000', 0.3], [0.25, '#000', 0], [0.6, '#000', 0], [1, '#000', 0.6]]),
  tile: '<pattern id="tile" width="60" height="28" patternUnits="userSpaceOnUse"><rect width="60" height="28" fill="#EAE3D7"/>'
    + '<path d="M0 .5H60M0 14.5H60M30 0V14M1 14V28M59 14V28" stroke="#D3C8B7" stroke-width="2" fill="none"/></pattern>',
};
const svg = (w, h, title, body) => {
  const defs = Object.entries(DEFS).filter(([id]) => body.includes(`url(#${id})`)).map(([, d]) => d).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}">`
    + `<title>${title}</title><defs>${defs}</defs>${body}</svg>\n`;
};

// ---------- architecture ----------
function room(W, H, hz, { wall = PAL.wall, floor = PAL.oak, lines = 18, tiles = 0, skirt = PAL.white } = {}) {
  const vx = W / 2, vy = hz - (H - hz) * 1.6, k = (hz - vy) / (H - vy), ln = shade(floor, -0.13);
  let s = R(0, 0, W, hz, wall) + R(0, 0, W, hz, 'url(#wallG)') + R(0, hz, W, H - hz, floor), d = '';
  for (let i = -lines; i <= lines && lines; i++) { const xb = vx + (i * W) / lines; d += D`M${vx + (xb - vx) * k} ${hz}L${xb} ${H}`; }
  for (let j = 1; j <= tiles; j++) { const y = hz + (H - hz) * (j / tiles) ** 1.5; d += D`M0 ${y}H${W}`; }
  if (d) s += P(d, 'none', { stroke: ln, strokeWidth: 1.5, opacity: 0.55 });
  return s + R(0, hz, W, H - hz, 'url(#floorG)') + R(0, hz - 12, W, 12, skirt) + R(0, hz, W, 3, '#000', { opacity: 0.08 });
}
function view(kind, x, y, w, h, seed = 5) {
  const r = rng(seed), night = kind === 'night', dusk = kind === 'dusk';
  let s = R(x, y, w, h, `url(#sky${night ? 'N' : dusk ? 'K' : 'D'})`);
  if (night) { s += C(x + w * 0.82, y + h * 0.18, 20, '#F4E9CF'); for (let i = 0; i < 22; i++) s += C(x + r() * w, y + r() * h * 0.4, 1 + r(), '#fff', { opacity: 0.6 }); }
  if (kind === 'garden') {
    s += P(D`M${x} ${y + h * 0.72}Q${x + w * 0.3} ${y + h * 0.56} ${x + w * 0.55} ${y + h * 0.7}T${x + w} ${y + h * 0.64}V${y + h}H${x}Z`, '#C3D0AC');
    for (let i = 0; i < 7; i++) s += C(x + r() * w, y + h * (0.62 + r() * 0.12), w * (0.07 + r() * 0.07), ['#93A887', '#7F9A72', '#A9BC95'][i % 3]);
    return s + R(x, y + h * 0.8, w, h * 0.2, '#6E8B62');
  }
  let bx = x - 10, lit = '';
  const cs = night ? ['#16243A', '#1C2D45', '#243750'] : dusk ? ['#3E3F55', '#4A4860', '#35364A'] : ['#B9C5C8', '#C9D1D0', '#A8B7BC'];
  while (bx < x + w) {
    const bw = 45 + r() * 60, bh = h * (0.22 + r() * 0.4), top = y + h - bh;
    s += R(bx, top, bw - 5, bh, cs[Math.floor(r() * 3)]);
    if (night || dusk) for (let yy = top + 10; yy < y + h - 10; yy += 18) for (let xx = bx + 7; xx < bx + bw - 14; xx += 14) { if (r() < 0.16) lit += D`M${xx} ${yy}h6v8h-6z`; }
    else for (let xx = bx + 8; xx < bx + bw - 12; xx += 11) lit += D`M${xx} ${top + 8}h3V${y + h}h-3z`;
    bx += bw;
  }
  return s + P(lit, night || dusk ? '#F5C66C' : '#fff', { opacity: night || dusk ? 0.9 : 0.3 });
}
function win(x, y, w, h, { view: v = 'garden', cols = 2, rows = 1, frame = PAL.white, arch = false, sill = true, t = 12, seed = 5 } = {}) {
  const shape = (X, Y, Wd, Hd) => (arch ? D`M${X} ${Y + Hd}V${Y + Wd / 2}A${Wd / 2} ${Wd / 2} 0 0 1 ${X + Wd} ${Y + Wd / 2}V${Y + Hd}Z` : D`M${X} ${Y}h${Wd}v${Hd}h${-Wd}Z`);
  let bars = '';
  for (let i = 1; i < cols; i++) bars += R(x + (i * w) / cols - t / 3, y, (2 * t) / 3, h, frame);
  for (let j = 1; j < rows; j++) bars += R(x, y + (j * h) / rows - t / 3 + (arch ? w / 4 : 0), w, (2 * t) / 3, frame);
  let s = P(shape(x - t, y - t, w + 2 * t, h + t), frame) + clip(P(shape(x, y, w, h), '#000'), view(v, x, y, w, h, seed) + P(shape(x, y, w, h), 'url(#glass)') + bars);
  if (sill) s += R(x - t - 10, y + h, w + 2 * t + 20, 12, frame) + R(x - t - 6, y + h + 12, w + 2 * t + 12, 6, '#000', { opacity: 0.07 });
  return s;
}
const rod = (x1, x2, y) => L(x1, y, x2, y, PAL.brass, 4) + C(x1, y, 6, PAL.brass) + C(x2, y, 6, PAL.brass);
function curtain(x, y, w, h, c, sheer = false, n = 4) {
  let s = R(x, y, w, h, c, { opacity: sheer ? 0.6 : 1 });
  for (let i = 0; i < n; i++) s += R(x + ((i + 0.3) * w) / n, y, (w / n) * 0.35, h, shade(c, -0.14), { opacity: sheer ? 0.45 : 0.8 });
  return s;
}
function art(x, y, w, h, kind = 0, { frame = PAL.walnutD, mat = PAL.white, cs = [PAL.terra, PAL.sage, PAL.mustard] } = {}) {
  let s = R(x + 5, y + 7, w, h, '#000', { opacity: 0.08 }) + R(x, y, w, h, frame) + R(x + 5, y + 5, w - 10, h - 10, mat);
  const ix = x + w * 0.16, iy = y + h * 0.16, iw = w * 0.68, ih = h * 0.68;
  if (kind === 0) s += C(ix + iw * 0.66, iy + ih * 0.34, Math.min(iw, ih) * 0.18, cs[0]) + P(D`M${ix} ${iy + ih}V${iy + ih * 0.62}Q${ix + iw * 0.35} ${iy + ih * 0.42} ${ix + iw * 0.7} ${iy + ih * 0.7}T${ix + iw} ${iy + ih * 0.6}V${iy + ih}Z`, cs[1]);
  if (kind === 1) s += P(D`M${ix + iw * 0.15} ${iy + ih}V${iy + iw * 0.35}A${iw * 0.35} ${iw * 0.35} 0 0 1 ${ix + iw * 0.85} ${iy + iw * 0.35}V${iy + ih}Z`, cs[1]) + C(ix + iw * 0.5, iy + ih * 0.62, iw * 0.16, cs[0]);
  if (kind === 2) s += R(ix, iy + ih * 0.45, iw * 0.55, ih * 0.55, cs[1]) + C(ix + iw * 0.64, iy + ih * 0.38, Math.min(iw, ih) * 0.3, cs[0], { opacity: 0.9 }) + L(ix, iy + ih * 0.2, ix + iw, iy + ih * 0.2, cs[2], 3);
  return s;
}
function cab(x, y, w, h, n, c, { handle = PAL.brass, hz = false, inset = true, gap = 3 } = {}) {
  let s = R(x, y, w, h, shade(c, -0.2)); const dw = w / n;
  for (let i = 0; i < n; i++) {
    const dx = x + i * dw + gap / 2;
    s += R(dx, y + gap / 2, dw - gap, h - gap, c);
    if (inset) s += R(dx + 8, y + 8, dw - gap - 16, h - gap - 16, 'none', { stroke: shade(c, -0.1), strokeWidth: 3 });
    s += hz ? R(dx + dw / 2 - 20, y + 14, 40, 5, handle, { rx: 2.5 }) : R(i % 2 ? dx + 12 : dx + dw - gap - 17, y + h / 2 - 22, 5, 44, handle, { rx: 2.5 });
  }
  return s;
}
const slats = (x, y, w, h, c, step = 16) => { let d = ''; for (let xx = x + step / 2; xx < x + w; xx += step) d += D`M${xx} ${y}V${y + h}`; return P(d, 'none', { stroke: c, strokeWidth: 3 }); };

// ---------- furniture (origin = bottom-centre, on the floor) ----------
const shadow = (rx, ry = rx * 0.09) => E(0, 0, rx, ry, 'url(#sh)');
function sofa({ w = 420, c = PAL.sage, pillows = [PAL.terra, PAL.white], legs = PAL.walnutD, back = 96, seats } = {}) {
  const hw = w / 2, a = 42, d = shade(c, -0.15), l = shade(c, 0.12), n = seats ?? Math.max(1, Math.round((w - 2 * a) / 125)), cw = (w - 2 * a) / n;
  let s = shadow(hw + 36, 22) + R(-hw + 16, -18, 9, 18, legs) + R(hw - 25, -18, 9, 18, legs) + R(-hw + a - 12, -66 - back, w - 2 * a + 24, back + 10, d, { rx: 16 });
  for (let i = 0; i < n; i++) s += R(-hw + a + i * cw + 3, -60 - back, cw - 6, back - 20, c, { rx: 14 });
  pillows.forEach((pc, i) => {
    const left = i % 2 === 0, k = i >> 1, x = left ? -hw + a + 8 + k * 48 : hw - a - 66 - k * 48;
    s += R(x, -138, 58, 58, pc, { rx: 12, transform: `rotate(${left ? -7 : 7} ${n1(x + 29)} -109)` });
  });
  s += R(-hw, -68, w, 52, d, { rx: 10 });
  for (let i = 0; i < n; i++) s += R(-hw + a + i * cw + 2, -88, cw - 4, 34, c, { rx: 10 }) + R(-hw + a + i * cw + 6, -86, cw - 12, 8, l, { rx: 4 });
  return s + R(-hw, -122, a, 108, c, { rx: 16 }) + R(hw - a, -122, a, 108, c, { rx: 16 }) + R(-hw + 5, -120, a - 10, 9, l, { rx: 4 }) + R(hw - a + 5, -120, a - 10, 9, l, { rx: 4 });
}
function table({ w = 250, h = 52, top = PAL.walnut, legs = PAL.brass, round = false, depth = 20, thick = 10 } = {}) {
  const hw = w / 2; let s = shadow(hw + 18, 14);
  if (round) return s + R(-5, -h, 10, h, legs) + E(0, -3, hw * 0.35, 6, legs) + E(0, -h + thick, hw, depth, shade(top, -0.2)) + E(0, -h, hw, depth, top);
  return s + R(-hw + 12, -h, 8, h, legs) + R(hw - 20, -h, 8, h, legs) + Q([[-hw, -h], [hw, -h], [hw - 14, -h - depth], [-hw + 14, -h - depth]], shade(top, 0.12)) + R(-hw, -h, w, thick, top);
}
const vase = (x, y, h = 50, c = PAL.terra) => P(D`M${x} ${y - h * 0.8}q-14 -40 -36 -52M${x} ${y - h * 0.8}q8 -46 26 -60M${x} ${y - h * 0.8}q-2 -30 4 -70`, 'none', { stroke: PAL.sageD, strokeWidth: 2.5 })
  + C(x - 36, y - h * 0.8 - 52, 6, PAL.sage) + C(x + 26, y - h * 0.8 - 60, 7, PAL.sage) + C(x + 4, y - h * 0.8 - 70, 6, PAL.mustard) + E(x, y - h * 0.42, h * 0.32, h * 0.42, c) + R(x - h * 0.12, y - h * 0.92, h * 0.24, h * 0.2, c);
const books = (x, y, cs = [PAL.teal, PAL.terra, PAL.linen]) => cs.map((c, i) => R(x - 34 + i * 4, y - 11 * (i + 1), 68 - i * 8, 11, c, { rx: 2 })).join('');
function leaves(list, leaf, dk) { // list of [x, y, angleDeg, length, halfWidth, dark?] -> merged paths
  const p = ['', '']; let ribs = '';
  for (const [x, y, a, len, wid, k] of list) {
    const c = Math.cos((a * Math.PI) / 180), sn = Math.sin((a * Math.PI) / 180), T = (px, py) => [x + px * c - py * sn, y + px * sn + py * c];
    const [ax, ay] = T(wid, -len / 2), [bx, by] = T(0, -len), [cx, cy] = T(-wid, -len / 2), [ex, ey] = T(0, -len * 0.85);
    p[k ? 1 : 0] += D`M${x} ${y}Q${ax} ${ay} ${bx} ${by}Q${cx} ${cy} ${x} ${y}Z`; ribs += D`M${x} ${y}L${ex} ${ey}`;
  }
  return P(p[1], dk) + P(p[0], leaf) + P(ribs, 'none', { stroke: shade(dk, -0.25), strokeWidth: 1.5, opacity: 0.45 });
}
function plant({ h = 220, pot = PAL.terra, kind = 'leafy', leaf = PAL.sage, seed = 3 } = {}) {
  const r = rng(seed), ph = h * 0.26, pw = h * 0.3, dk = shade(leaf, -0.3), list = [];
  let s = shadow(pw * 0.85, 9);
  if (kind === 'leafy') for (let i = 0; i < 11; i++) { const len = h * (0.42 + r() * 0.3); list.push([r() * 16 - 8, -ph + 4, -78 + i * 15.6 + r() * 8, len, len * 0.36, i % 2]); }
  if (kind === 'snake') for (let i = 0; i < 9; i++) list.push([-pw * 0.3 + (i * pw * 0.6) / 8, -ph + 4, -16 + i * 4 + r() * 6, h * (0.5 + r() * 0.35), h * 0.05, i % 2]);
  if (kind === 'tree') {
    s += P(D`M0 ${-ph}C-6 ${-h * 0.55} 10 ${-h * 0.7} 0 ${-h * 0.9}M2 ${-h * 0.6}Q${h * 0.1} ${-h * 0.68} ${h * 0.14} ${-h * 0.8}M-1 ${-h * 0.66}Q${-h * 0.1} ${-h * 0.72} ${-h * 0.15} ${-h * 0.84}`, 'none', { stroke: PAL.walnutD, strokeWidth: 4 });
    for (let i = 0; i < 46; i++) {
      const a = r() * 6.283, d = Math.sqrt(r()), dx = Math.cos(a) * d, dy = Math.sin(a) * d, len = h * (0.1 + r() * 0.06);
      list.push([dx * h * 0.21, -h * 0.76 + dy * h * 0.2, (Math.atan2(dy, dx) * 180) / Math.PI + 90 + r() * 50 - 25, len, len * 0.42, i % 3 === 0]);
    }
  }
  return s + leaves(list, leaf, dk) + Q([[-pw / 2, -ph], [pw / 2, -ph], [pw * 0.38, 0], [-pw * 0.38, 0]], pot) + R(-pw / 2 - 4, -ph - 8, pw + 8, 12, shade(pot, 0.1), { rx: 3 });
}
function floorLamp({ h = 330, c = PAL.white, metal = PAL.brass, arc = 0 } = {}) {
  let s = shadow(40, 7) + E(0, -4, 30, 7, metal);
  if (!arc) return s + L(0, -4, 0, -h + 60, metal, 5) + E(0, -h + 80, 130, 120, 'url(#glow)') + Q([[-30, -h], [30, -h], [46, -h + 70], [-46, -h + 70]], c);
  return s + P(D`M0 -4V${-h * 0.55}Q0 ${-h - 50} ${arc} ${-h}`, 'none', { stroke: metal, strokeWidth: 5 }) + E(arc, -h + 70, 140, 130, 'url(#glow)')
    + P(D`M${arc - 44} ${-h + 44}Q${arc - 44} ${-h - 6} ${arc} ${-h - 6}Q${arc + 44} ${-h - 6} ${arc + 44} ${-h + 44}Z`, metal) + E(arc, -h + 44, 30, 6, '#FFF1CC');
}
function pendant({ len = 200, kind = 'dome', c = PAL.brass, z = 1 } = {}) {
  let s = L(0, 0, 0, len, PAL.char, 1.5) + E(0, len + 50 * z, 120 * z, 100 * z, 'url(#glow)');
  if (kind === 'dome') s += P(D`M${-42 * z} ${len + 36 * z}Q${-42 * z} ${len} 0 ${len}Q${42 * z} ${len} ${42 * z} ${len + 36 * z}Z`, c) + E(0, len + 36 * z, 22 * z, 6 * z, '#FFF1CC');
  if (kind === 'globe') s += R(-6 * z, len - 4, 12 * z, 10 * z, c) + C(0, len + 26 * z, 26 * z, '#FFF3D6', { stroke: c, strokeWidth: 2 });
  if (kind === 'cone') s += Q([[-8 * z, len], [8 * z, len], [32 * z, len + 48 * z], [-32 * z, len + 48 * z]], c) + E(0, len + 48 * z, 20 * z, 5 * z, '#FFF1CC');
  return s;
}
const dot = (x, y, r) => D`M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
function chandelier(len = 80, c = PAL.brass) {
  let s = E(0, 3, 28, 7, c) + L(0, 0, 0, len + 95, c, 3) + E(0, len + 60, 260, 190, 'url(#glow)'), cords = '', drops = '', cand = '', flames = '';
  [[len + 40, 140, 22, 12], [len + 92, 88, 14, 8]].forEach(([y, rx, ry, n]) => {
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2, x = Math.cos(a) * rx, yy = y + Math.sin(a) * ry;
      cords += D`M${x} ${yy}v15`; drops += dot(x, yy + 19, 3.5);
      if (Math.sin(a) > -0.2) { cand += D`M${x - 3} ${yy - 18}h6v16h-6z`; flames += dot(x, yy - 22, 3.5); }
    }
    s += P(D`M${-rx} ${y}L0 ${y - 26}L${rx} ${y}`, 'none', { stroke: c, strokeWidth: 2 }) + E(0, y, rx, ry, 'none', { stroke: c, strokeWidth: 4 });
  });
  return s + P(cords, 'none', { stroke: '#E9DDC4' }) + P(drops, '#F7EEDD', { stroke: c, strokeWidth: 0.6 }) + P(cand, '#F6EEDC') + P(flames, '#FFD98A') + C(0, len + 108, 7, c);
}
function rug(cx, cy, w, d, c, border = shade(c, -0.22), motif = true) {
  const q = (b) => [[cx - (w / 2 - b) * 0.82, cy - d / 2 + b * 0.35], [cx + (w / 2 - b) * 0.82, cy - d / 2 + b * 0.35], [cx + w / 2 - b, cy + d / 2 - b * 0.35], [cx - w / 2 + b, cy + d / 2 - b * 0.35]];
  return Q(q(0), border) + Q(q(18), c) + Q(q(60), 'none', { stroke: border, strokeWidth: 3 }) + (motif ? Q([[cx, cy - d * 0.2], [cx + w * 0.1, cy], [cx, cy + d * 0.2], [cx - w * 0.1, cy]], border, { opacity: 0.7 }) : '');
}
function sideTable({ w = 90, h = 110, c = PAL.walnut, lamp = PAL.white } = {}) {
  let s = shadow(w * 0.7, 8) + R(-w / 2 + 4, -10, 6, 10, c) + R(w / 2 - 10, -10, 6, 10, c) + R(-w / 2, -h, w, h - 8, c, { rx: 4 })
    + R(-w / 2 + 6, -h + 10, w - 12, h * 0.34, shade(c, 0.1), { rx: 3 }) + C(0, -h + 10 + h * 0.17, 3.5, PAL.brass) + Q([[-w / 2, -h], [w / 2, -h], [w / 2 - 6, -h - 8], [-w / 2 + 6, -h - 8]], shade(c, 0.18));
  return lamp ? s + at(0, -h - 4, 1, tableLamp(lamp)) : s;
}
const tableLamp = (c = PAL.white, base = PAL.terra) => E(0, -70, 100, 90, 'url(#glow)') + E(0, -22, 20, 24, base) + R(-3, -62, 6, 18, PAL.brass) + Q([[-24, -100], [24, -100], [36, -58], [-36, -58]], c);
function wardrobe({ w = 260, h = 490, c = PAL.walnut, n = 3 } = {}) {
  const dw = w / n, mx = -w / 2 + dw + 26;
  return shadow(w / 2 + 16, 12) + R(-w / 2 - 6, -h - 12, w + 12, 14, shade(c, -0.15)) + cab(-w / 2, -h, w, h - 16, n, c)
    + R(mx, -h + 24, dw - 44, h - 64, '#CBD6D4') + Q([[mx, -h + 120], [mx + 50, -h + 40], [mx + 50, -h + 80], [mx, -h + 160]], '#fff', { opacity: 0.4 }) + R(-w / 2, -16, w, 16, shade(c, -0.3));
}
function bed({ w = 430, head = PAL.teal, duvet = PAL.white, throwC = PAL.terra } = {}) {
  const hw = w / 2, bw = w * 0.41, dd = shade(duvet, -0.07);
  let s = shadow(hw + 40, 26) + R(-bw - 24, -345, 2 * bw + 48, 200, head, { rx: 14 }) + slats(-bw - 16, -337, 2 * bw + 32, 180, shade(head, -0.15), 34);
  s += Q([[-hw, -100], [hw, -100], [bw, -175], [-bw, -175]], duvet) + R(-bw + 8, -222, bw - 16, 56, '#fff', { rx: 16 }) + R(8, -222, bw - 16, 56, '#fff', { rx: 16 });
  s += R(-bw + 40, -200, 70, 50, PAL.mustard, { rx: 12, transform: `rotate(-6 ${n1(-bw + 75)} -175)` }) + R(bw - 110, -200, 70, 50, PAL.sage, { rx: 12, transform: `rotate(6 ${n1(bw - 75)} -175)` });
  s += R(-bw, -175, 2 * bw, 14, dd, { opacity: 0.6 }) + Q([[-hw, -100], [hw, -100], [hw * 0.97, -120], [-hw * 0.97, -120]], throwC) + R(-hw - 6, -60, w + 12, 44, PAL.walnutD, { rx: 6 });
  return s + R(-hw - 6, -102, w + 12, 62, dd, { rx: 12 }) + R(-hw - 6, -102, w + 12, 34, throwC, { rx: 8 }) + R(-hw + 6, -16, 10, 16, PAL.walnutD) + R(hw - 16, -16, 10, 16, PAL.walnutD);
}
function chair({ c = PAL.walnut, seat = PAL.linen, h = 230 } = {}) {
  return shadow(52, 8) + R(-34, -104, 6, 104, c) + R(28, -104, 6, 104, c) + R(-34, -h + 8, 6, h - 110, c) + R(28, -h + 8, 6, h - 110, c)
    + R(-32, -h, 64, h - 122, seat, { rx: 16 }) + R(-40, -114, 80, 16, shade(seat, -0.1), { rx: 6 });
}
function officeChair(c = PAL.teal) {
  const s = shadow(54, 9) + P('M0 -14L-44 -4M0 -14L44 -4M0 -14L-20 2M0 -14L20 2', 'none', { stroke: PAL.char, strokeWidth: 5, strokeLinecap: 'round' }) + P(dot(-44, -1, 5) + dot(44, -1, 5) + dot(-20, 5, 5) + dot(20, 5, 5), PAL.char);
  return s + R(-3, -88, 6, 76, PAL.char) + E(0, -90, 48, 12, shade(c, -0.25)) + R(-52, -128, 8, 40, PAL.char, { rx: 3 }) + R(44, -128, 8, 40, PAL.char, { rx: 3 })
    + R(-4, -116, 8, 26, PAL.char) + R(-42, -218, 84, 104, c, { rx: 20 }) + R(-30, -206, 60, 8, shade(c, 0.15), { rx: 4 });
}
function monitor(w = 120, screen = PAL.teal) {
  return R(-4, -40, 8, 36, PAL.char) + E(0, -3, 22, 4, PAL.char) + R(-w / 2, -40 - w * 0.6, w, w * 0.6, '#26282A', { rx: 4 }) + R(-w / 2 + 5, -35 - w * 0.6, w - 10, w * 0.6 - 10, screen)
    + R(-w / 2 + 12, -28 - w * 0.6, w * 0.35, 6, '#fff', { opacity: 0.6, rx: 3 }) + R(-w / 2 + 12, -16 - w * 0.6, w * 0.55, 4, '#fff', { opacity: 0.35, rx: 2 }) + R(w * 0.08, -26 - w * 0.45, w * 0.34, w * 0.28, PAL.mustard, { opacity: 0.8, rx: 3 });
}
function desk({ w = 360, n = 2, top = PAL.oak, chairs = [PAL.teal, PAL.terra], screens = [PAL.teal, PAL.sageD] } = {}) {
  let s = shadow(w / 2 + 24, 16) + R(-w / 2 + 12, -120, 8, 120, PAL.char) + R(w / 2 - 20, -120, 8, 120, PAL.char) + R(-w / 2 + 12, -8, 70, 8, PAL.char) + R(w / 2 - 82, -8, 70, 8, PAL.char);
  s += Q([[-w / 2, -120], [w / 2, -120], [w / 2 - 16, -142], [-w / 2 + 16, -142]], shade(top, 0.12)) + R(-w / 2, -120, w, 10, top);
  for (let i = 0; i < n; i++) s += at(-w / 2 + ((i + 0.5) * w) / n, -128, 1, monitor(118, screens[i % screens.length])) + R(-w / 2 + ((i + 0.5) * w) / n + 62, -138, 22, 12, PAL.white, { rx: 3 });
  for (let i = 0; i < n; i++) s += at(-w / 2 + ((i + 0.5) * w) / n, 60, 1, officeChair(chairs[i % chairs.length]));
  return s;
}
const stool = (c = PAL.walnutD, seat = PAL.terra) => shadow(44, 7) + L(-30, 0, -14, -150, c, 5) + L(30, 0, 14, -150, c, 5) + L(0, 2, 0, -150, c, 4)
  + E(0, -56, 24, 5, 'none', { stroke: c, strokeWidth: 4 }) + R(-38, -170, 76, 20, shade(seat, -0.12), { rx: 9 }) + E(0, -170, 38, 9, seat);
const box = (w, h, c = '#C9A27A') => shadow(w * 0.7, 8) + R(-w / 2, -h, w, h, c) + Q([[-w / 2, -h], [w / 2, -h], [w / 2 - 8, -h - 12], [-w / 2 + 8, -h - 12]], shade(c, 0.15)) + R(-8, -h, 16, h * 0.4, '#E6D6B8') + R(-w / 2 + 10, -h * 0.5, 30, 14, '#fff', { opacity: 0.7 });
const ladder = (h = 280, c = '#B9B3A8') => { let s = shadow(60, 8) + L(-44, 0, -14, -h, c, 7) + L(44, 0, 14, -h, c, 7); for (let k = 1; k < 5; k++) { const y = (-h * k) / 5, x = 44 - (30 * k) / 5; s += L(-x, y, x, y, c, 5); } return s + R(-22, -h - 10, 44, 12, '#9E978C', { rx: 3 }); };
const bucket = () => shadow(60, 7) + Q([[-30, -60], [30, -60], [24, 0], [-24, 0]], '#E7E3DC') + E(0, -60, 30, 7, PAL.sage) + P('M-30 -60Q0 -100 30 -60', 'none', { stroke: '#8E877D', strokeWidth: 2 })
  + L(40, 0, 95, -70, PAL.char, 4) + R(80, -96, 70, 26, PAL.sage, { rx: 12, transform: 'rotate(-20 115 -83)' });
const bulb = (len) => L(0, 0, 0, len, PAL.char, 1.5) + E(0, len + 20, 80, 70, 'url(#glow)') + C(0, len + 16, 13, '#FFF3C8');
const spark = (x, y, r) => P(D`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`, '#fff', { opacity: 0.9 });

// ---------- scenes ----------
function living(o = {}) {
  const W = 1200, H = 800, hz = 560;
  if (o.before) {
    let s = room(W, H, hz, { wall: '#CEC9C1', floor: '#B3AA9E', lines: 0, tiles: 6, skirt: '#BDB6AC' }) + win(70, 110, 180, 320, { frame: '#E2DED6' });
    s += R(700, 190, 56, 56, PAL.sage) + R(766, 190, 56, 56, PAL.terra) + R(832, 190, 56, 56, PAL.sand) + at(470, 0, 1, bulb(200));
    s += at(470, 620, 1, shadow(250, 22) + P('M-215 0V-110Q-215 -160 -150 -158Q-60 -175 0 -160Q80 -178 160 -158Q215 -160 215 -110V0Q160 -14 100 0Q40 -12 -20 0Q-90 -12 -150 0Q-190 -12 -215 0Z', '#E9E6E0') + P('M-120 -150Q-100 -80 -130 -8M40 -160Q60 -90 30 -6M150 -150Q130 -80 160 -8', 'none', { stroke: '#C9C4BC', strokeWidth: 3 }));
    return s + at(770, 650, 1, ladder()) + at(930, 610, 1, box(130, 100)) + at(935, 498, 1, box(95, 70, '#BF9669')) + at(1080, 625, 1, box(150, 120, '#C49C70')) + at(290, 730, 1, bucket());
  }
  let s = room(W, H, hz, { wall: o.wall ?? PAL.wall, floor: '#C9A47C' }) + rod(18, 302, 88) + win(70, 110, 180, 330) + curtain(24, 94, 58, hz - 94, PAL.white, true) + curtain(238, 94, 58, hz - 94, PAL.white, true);
  s += art(372, 180, 104, 140, 1) + art(494, 180, 104, 140, 0);
  s += R(780, 96, 360, hz - 96, PAL.walnut) + slats(780, 96, 360, hz - 96, PAL.walnutD, 18) + R(830, 186, 260, 150, '#1D1D1D', { rx: 4 }) + Q([[838, 194], [950, 194], [880, 328], [838, 328]], '#fff', { opacity: 0.06 });
  s += at(960, 572, 1, shadow(190, 12)) + cab(800, 496, 320, 70, 4, '#EFE6D8', { hz: true }) + at(850, 496, 0.55, plant({ kind: 'snake', h: 120, pot: PAL.white })) + books(1060, 496);
  s += rug(480, 684, 740, 116, o.rug ?? '#E2CFB2') + at(480, 614, 1, sofa({ c: o.sofa ?? PAL.sage, pillows: [PAL.terra, PAL.white, PAL.mustard] })) + at(726, 604, 1, floorLamp());
  s += at(480, 716, 1, table()) + vase(440, 664, 40, PAL.white) + books(540, 664, [PAL.terra, PAL.linen]);
  return s + at(1150, 664, 1, plant({ kind: 'snake', h: 210, pot: PAL.white, seed: 9 })) + at(110, 790, 1.15, plant({ h: 250, seed: 4 }));
}
function villa() {
  const W = 1200, H = 800, hz = 570;
  let s = room(W, H, hz, { wall: '#EBDDC7', floor: '#7E5033', skirt: PAL.walnutD });
  for (const x0 of [0, 820]) s += R(x0, 0, 380, hz, '#8A5A36') + slats(x0, 0, 380, hz, '#7A4C2C', 95) + P(D`M${x0 + 47} 0V${hz}M${x0 + 142} 0V${hz}M${x0 + 237} 0V${hz}M${x0 + 332} 0V${hz}`, 'none', { stroke: PAL.brass, strokeWidth: 2 });
  s += win(430, 70, 340, 490, { arch: true, cols: 3, rows: 2, frame: '#F4EDE0' }) + rod(380, 820, 46) + curtain(382, 50, 64, hz - 50, '#D9C3A0', false, 3) + curtain(754, 50, 64, hz - 50, '#D9C3A0', false, 3);
  s += art(110, 150, 160, 210, 1, { frame: PAL.brass }) + art(930, 150, 160, 210, 2, { frame: PAL.brass }) + at(600, 0, 1, chandelier(70));
  s += rug(600, 712, 980, 150, '#D6C2A2', PAL.terra) + at(60, 720, 1.1, plant({ kind: 'tree', h: 300, pot: PAL.brass })) + at(1140, 720, 1.1, plant({ kind: 'tree', h: 300, pot: PAL.brass, seed: 8 }));
  s += at(205, 655, 0.95, sofa({ w: 200, seats: 1, c: PAL.teal, pillows: [PAL.mustard], legs: PAL.brass })) + at(995, 655, 0.95, sofa({ w: 200, seats: 1, c: PAL.teal, pillows: [PAL.terra], legs: PAL.brass }));
  s += at(600, 668, 1.05, sofa({ w: 480, c: '#E9DECB', pillows: [PAL.teal, PAL.terra, PAL.mustard, PAL.teal], legs: PAL.brass }));
  return s + at(600, 752, 1, table({ w: 270, round: true, top: '#F1ECE4', h: 56, depth: 26 })) + vase(600, 700, 42, PAL.teal) + books(660, 704, [PAL.terra, PAL.linen]);
}
function penthouse() {
  const W = 1200, H = 800, hz = 580;
  let s = room(W, H, hz, { wall: '#272C33', floor: '#4A3426', skirt: '#1E2227' }) + R(0, 0, W, 42, '#1C2025');
  for (let x = 100; x < W; x += 200) s += E(x, 48, 60, 30, 'url(#glow)') + E(x, 38, 14, 4, '#FFF1CC');
  s += win(20, 62, 1160, 498, { view: 'night', cols: 6, frame: '#15181C', t: 8, sill: false, seed: 11 }) + R(0, hz, W, 140, 'url(#refl)');
  s += rug(330, 700, 600, 120, '#8C7B69', '#6B5A4A') + at(110, 650, 1, floorLamp({ arc: 160, h: 340 })) + at(330, 660, 1, sofa({ c: '#CDBEA7', pillows: [PAL.terra, PAL.teal, PAL.mustard] }));
  s += at(330, 740, 1, table({ w: 220, top: PAL.walnutD })) + vase(330, 690, 36, PAL.brass);
  for (const x of [760, 840, 920, 1000]) s += at(x, 606, 0.9, chair({ c: PAL.walnutD, seat: '#B7A58C' }));
  s += L(760, 42, 760, 300, PAL.char, 1.5) + L(1000, 42, 1000, 300, PAL.char, 1.5) + E(880, 350, 260, 110, 'url(#glow)') + R(728, 300, 304, 14, PAL.brass, { rx: 6 }) + R(740, 314, 280, 4, '#FFE8B0');
  s += at(880, 650, 1, table({ w: 400, h: 150, top: PAL.walnut, legs: PAL.walnutD, depth: 24, thick: 14 })) + vase(860, 500, 40, PAL.white) + E(960, 494, 34, 8, PAL.terra);
  return s + at(1150, 720, 1.1, plant({ kind: 'tree', h: 300, pot: '#3B3A38', seed: 6 }));
}
function kitchen() {
  const W = 1200, H = 800, hz = 610, sg = PAL.sage;
  let s = room(W, H, hz, { wall: '#F1E8DA', floor: '#D8CCB9', lines: 12, tiles: 7, skirt: shade(sg, -0.35) }) + R(40, 256, 1120, 176, 'url(#tile)');
  s += cab(60, 66, 430, 190, 4, '#F5EFE4') + R(52, 56, 446, 12, '#E6DDCE') + win(770, 92, 290, 220) + at(830, 312, 0.4, plant({ h: 140 })) + at(1000, 312, 0.4, plant({ kind: 'snake', h: 140, pot: PAL.white }));
  s += R(560, 0, 80, 130, '#A9ACA8') + Q([[496, 232], [704, 232], [652, 126], [548, 126]], PAL.steel) + R(490, 226, 220, 14, '#9FA29E', { rx: 3 });
  s += Q([[40, 432], [1160, 432], [1148, 410], [52, 410]], PAL.stone) + R(38, 432, 1124, 16, '#D7CFC2') + cab(50, 448, 430, 150, 3, sg) + cab(720, 448, 430, 150, 3, sg);
  s += R(480, 448, 240, 150, shade(sg, -0.2)) + R(488, 454, 224, 138, '#2C2B29', { rx: 4 }) + R(504, 484, 192, 90, '#3F3A35', { rx: 4 }) + R(520, 466, 160, 6, PAL.brass, { rx: 3 }) + R(50, 598, 1100, 12, shade(sg, -0.35));
  s += Q([[506, 428], [694, 428], [686, 413], [514, 413]], '#1E1E1E') + E(540, 421, 18, 4, '#4A4A4A') + E(600, 421, 18, 4, '#4A4A4A') + E(660, 421, 18, 4, '#4A4A4A');
  s += R(636, 380, 52, 40, PAL.terra, { rx: 6 }) + E(662, 380, 28, 6, shade(PAL.terra, 0.15)) + P('M652 366q-8 -14 0 -28M668 366q-8 -14 0 -28', 'none', { stroke: '#fff', strokeWidth: 3, opacity: 0.7 });
  s += Q([[850, 428], [1010, 428], [1002, 414], [858, 414]], '#A7AAA6') + P('M930 416V380Q930 360 950 360Q966 360 966 378', 'none', { stroke: PAL.brass, strokeWidth: 6 });
  for (let i = 0; i < 3; i++) s += R(110 + i * 36, 390 - i * 6, 28, 40 + i * 6, ['#E8DFD0', PAL.linen, '#F2EADC'][i], { rx: 5 }) + R(112 + i * 36, 384 - i * 6, 24, 8, PAL.walnut, { rx: 3 });
  s += R(300, 370, 110, 40, PAL.oak, { rx: 5 }) + C(398, 388, 4, PAL.walnutD);
  s += at(420, 0, 1, pendant({ len: 280, kind: 'dome', c: PAL.teal })) + at(780, 0, 1, pendant({ len: 280, kind: 'dome', c: PAL.teal }));
  s += at(600, 760, 1, shadow(360, 22)) + Q([[250, 648], [950, 648], [928, 618], [272, 618]], PAL.stone) + R(248, 648, 704, 16, '#D7CFC2') + R(256, 664, 688, 92, PAL.walnut) + slats(256, 664, 688, 92, PAL.walnutD, 20);
  return s + E(420, 630, 46, 10, PAL.white) + C(404, 622, 11, PAL.mustard) + C(428, 620, 12, PAL.terra) + C(442, 626, 10, PAL.sage) + vase(780, 636, 40, PAL.white);
}
function office() {
  const W = 1200, H = 800, hz = 560;
  let s = room(W, H, hz, { wall: '#ECE5DA', floor: '#A99E91', lines: 14, tiles: 6, skirt: '#8D847A' }) + R(0, 0, W, 34, '#E2D9CC');
  for (const x of [120, 420, 720]) s += E(x + 110, 60, 190, 40, 'url(#glow)') + R(x, 40, 220, 8, '#FFF6DE', { rx: 4 });
  s += win(40, 96, 700, 290, { view: 'city', cols: 5, frame: '#4A4845', t: 8, seed: 3 });
  s += at(220, 580, 0.72, desk({ w: 380, chairs: [PAL.sage, PAL.teal] })) + at(560, 580, 0.72, desk({ w: 380, chairs: [PAL.terra, PAL.sage], screens: [PAL.sageD, PAL.teal] }));
  s += at(845, 600, 0.9, desk({ w: 220, n: 1, top: PAL.walnut, chairs: [PAL.char] }));
  s += Q([[780, 112], [748, 136], [748, 562], [780, 650]], '#9CC3C4', { opacity: 0.25 }) + R(780, 112, 390, 538, '#A9CDCC', { opacity: 0.25 }) + at(1100, 650, 0.9, plant({ h: 220 }));
  s += R(780, 380, 390, 34, '#fff', { opacity: 0.5 }) + Q([[820, 112], [880, 112], [800, 320], [780, 320]], '#fff', { opacity: 0.18 }) + Q([[1010, 112], [1040, 112], [960, 360], [930, 360]], '#fff', { opacity: 0.14 });
  s += P('M780 112H1170V650H780ZM748 136V562M910 112V650M1040 112V650M748 136L780 112M748 562L780 650', 'none', { stroke: '#4A4845', strokeWidth: 5 }) + R(1022, 450, 6, 70, PAL.brass, { rx: 3 });
  s += at(390, 735, 1.05, desk({ w: 420, chairs: [PAL.teal, PAL.mustard], screens: [PAL.teal, PAL.terra] }));
  return s + at(60, 780, 1.1, plant({ h: 250, seed: 5 })) + at(700, 760, 0.95, plant({ kind: 'snake', h: 200, pot: PAL.white, seed: 2 }));
}
function cafe() {
  const W = 1200, H = 800, hz = 580;
  let s = room(W, H, hz, { wall: '#F0E5D3', floor: '#D4BE9F', lines: 14, tiles: 7, skirt: PAL.sageD }) + R(0, 360, W, hz - 360, PAL.sage) + slats(0, 370, W, hz - 370, shade(PAL.sage, -0.08), 30) + R(0, 352, W, 10, PAL.walnut);
  s += R(700, 60, 430, 250, PAL.walnut, { rx: 6 }) + R(712, 72, 406, 226, '#2F3A36');
  const r = rng(4); let chalk = 'M740 100h120M955 100h120';
  for (let row = 0; row < 6; row++) for (const cx of [740, 955]) chalk += D`M${cx} ${136 + row * 26}h${50 + r() * 70}M${cx + 130} ${136 + row * 26}h14`;
  s += P(chalk, 'none', { stroke: '#F3EEE4', strokeWidth: 5, strokeLinecap: 'round', opacity: 0.85 }) + P('M910 250h30v14a15 15 0 0 1-30 0zM940 254a8 8 0 0 1 0 14', 'none', { stroke: PAL.mustard, strokeWidth: 3 });
  for (const y of [150, 250]) s += R(70, y, 360, 12, PAL.walnut) + R(90, y + 12, 8, 18, PAL.walnutD) + R(402, y + 12, 8, 18, PAL.walnutD);
  for (let i = 0; i < 6; i++) s += R(90 + i * 52, 114, 34, 36, [PAL.white, PAL.terra, PAL.teal][i % 3], { rx: 5 }) + (i % 2 ? '' : R(92 + i * 52, 108, 30, 8, PAL.walnutD, { rx: 3 }));
  s += at(130, 250, 0.35, plant({ h: 200 })) + books(250, 250, [PAL.mustard, PAL.teal, PAL.white]) + R(330, 206, 60, 44, PAL.linen, { rx: 6 }) + R(345, 198, 30, 10, PAL.walnutD, { rx: 3 });
  for (const [x, c] of [[230, PAL.teal], [410, PAL.brass], [590, PAL.teal]]) s += at(x, 0, 1, pendant({ len: 266, kind: x === 410 ? 'globe' : 'dome', c }));
  s += at(400, 600, 1, shadow(310, 18)) + Q([[110, 430], [690, 430], [676, 412], [124, 412]], PAL.stone) + R(106, 430, 588, 16, '#D8D0C3') + R(114, 446, 572, 142, PAL.terra) + slats(114, 446, 572, 142, shade(PAL.terra, -0.15), 22);
  s += R(196, 322, 140, 92, PAL.steel, { rx: 8 }) + R(190, 314, 152, 12, '#9EA19E', { rx: 4 }) + R(214, 340, 104, 30, '#D9DBD8', { rx: 4 }) + R(226, 370, 24, 14, PAL.char) + R(284, 370, 24, 14, PAL.char) + R(224, 396, 28, 16, PAL.white, { rx: 3 });
  s += E(540, 410, 70, 8, PAL.brass) + P('M478 408V360A62 62 0 0 1 602 360V408Z', '#DDEBEA', { opacity: 0.55 }) + R(504, 370, 70, 36, '#F3E3CB', { rx: 4 }) + R(504, 384, 70, 6, PAL.terra) + R(504, 366, 70, 8, '#7A4A35', { rx: 4 }) + C(540, 298, 6, PAL.brass);
  for (const x of [250, 410, 570]) s += at(x, 650, 1, stool(PAL.walnutD, PAL.mustard));
  s += at(875, 690, 0.86, chair({ c: PAL.walnutD, seat: PAL.teal })) + at(1045, 690, 0.86, chair({ c: PAL.walnutD, seat: PAL.teal })) + at(965, 720, 1, table({ w: 150, h: 140, round: true, top: PAL.white, legs: PAL.char, depth: 16 }));
  return s + R(940, 560, 22, 20, PAL.white, { rx: 4 }) + E(990, 578, 18, 4, PAL.white) + at(1150, 640, 1, plant({ kind: 'snake', h: 250, seed: 12, leaf: '#6F8F68' }));
}
function bedroom(o = {}) {
  const W = 1200, H = 800, hz = 560;
  if (o.before) {
    let s = room(W, H, hz, { wall: '#CBC6BE', floor: '#B4AB9F', lines: 0, tiles: 6, skirt: '#BCB5AB' }) + win(60, 120, 200, 290, { frame: '#E2DED6' }) + at(600, 0, 1, bulb(190)) + R(430, 250, 50, 50, PAL.teal) + R(490, 250, 50, 50, PAL.terra) + R(430, 310, 50, 50, PAL.sand);
    s += at(600, 745, 1, shadow(250, 20) + R(-215, -60, 430, 60, '#E4E0D8', { rx: 10 }) + Q([[-215, -60], [215, -60], [170, -120], [-170, -120]], '#EEEBE5') + R(-150, -130, 110, 30, '#F5F3EF', { rx: 10 }));
    return s + at(1010, 600, 1, box(150, 130)) + at(1000, 470, 1, box(110, 80, '#BF9669')) + at(380, 640, 1, box(120, 90, '#C49C70')) + at(850, 700, 1, ladder(240));
  }
  let s = room(W, H, hz, { wall: '#EADFCF', floor: '#C8A27A' }) + R(330, 110, 540, hz - 110, PAL.teal) + slats(330, 110, 540, hz - 110, shade(PAL.teal, -0.1), 27);
  s += art(470, 150, 260, 130, 0, { frame: PAL.brass, cs: [PAL.terra, PAL.sage, PAL.mustard] }) + rod(26, 294, 98) + win(70, 120, 180, 300) + curtain(30, 104, 58, hz - 104, PAL.linen) + curtain(236, 104, 58, hz - 104, PAL.linen);
  s += at(1040, 578, 1, wardrobe()) + at(365, 592, 1, sideTable()) + at(835, 592, 1, sideTable());
  s += rug(600, 730, 800, 100, '#E6D6BC', undefined, false) + at(600, 745, 1, bed());
  return s + at(110, 760, 1.1, plant({ h: 240, seed: 7 }));
}
function clinic() {
  const W = 1200, H = 800, hz = 570;
  let s = room(W, H, hz, { wall: '#F2EDE5', floor: '#E0D6C8', lines: 12, tiles: 7, skirt: '#D8CFC2' });
  for (const x of [200, 600, 1000]) s += E(x, 10, 90, 50, 'url(#glow)') + E(x, 6, 40, 6, '#FFF6DE');
  s += R(380, 80, 440, hz - 80, PAL.teal) + R(340, 80, 40, hz - 80, PAL.oak) + R(820, 80, 40, hz - 80, PAL.oak) + slats(340, 80, 40, hz - 80, shade(PAL.oak, -0.15), 10) + slats(820, 80, 40, hz - 80, shade(PAL.oak, -0.15), 10);
  s += E(600, 220, 140, 120, 'url(#glow)') + C(600, 215, 58, 'none', { stroke: PAL.brass, strokeWidth: 7 }) + R(590, 178, 20, 74, PAL.brass, { rx: 4 }) + R(563, 205, 74, 20, PAL.brass, { rx: 4 });
  s += R(530, 300, 140, 10, PAL.brass, { rx: 5 }) + R(555, 320, 90, 6, PAL.brass, { rx: 3, opacity: 0.6 });
  s += C(1030, 200, 44, PAL.white, { stroke: PAL.char, strokeWidth: 5 }) + L(1030, 200, 1030, 172, PAL.char, 4) + L(1030, 200, 1048, 210, PAL.char, 4) + art(110, 170, 170, 130, 2, { frame: PAL.oak });
  s += at(600, 660, 1, shadow(300, 20) + R(-270, -168, 540, 16, PAL.oak, { rx: 4 }) + R(-260, -152, 520, 146, PAL.white, { rx: 10 }) + R(-260, -70, 520, 50, PAL.walnut) + slats(-260, -70, 520, 50, PAL.walnutD, 14) + R(-260, -20, 520, 6, '#FFE6AE'));
  s += at(460, 492, 0.8, monitor(110, PAL.char)) + vase(760, 492, 36, PAL.white);
  s += at(210, 720, 1, shadow(170, 14) + R(-150, -70, 300, 8, PAL.char) + R(-140, -62, 8, 62, PAL.char) + R(132, -62, 8, 62, PAL.char));
  for (let i = 0; i < 3; i++) s += at(120 + i * 90, 650, 1, R(-38, -110, 76, 90, i === 1 ? PAL.terra : PAL.sage, { rx: 16 }) + R(-40, -22, 80, 22, shade(i === 1 ? PAL.terra : PAL.sage, -0.12), { rx: 8 }));
  s += at(1000, 720, 1, table({ w: 160, h: 70, top: PAL.oak, legs: PAL.char })) + books(990, 650, [PAL.teal, PAL.white, PAL.mustard]);
  return s + at(1140, 720, 1.1, plant({ kind: 'tree', h: 290, pot: PAL.white, seed: 10 })) + at(40, 760, 1, plant({ kind: 'snake', h: 200, pot: PAL.terra }));
}
function lighting() { // 1200x630 dusk home-office
  const W = 1200, H = 630, hz = 480;
  let s = room(W, H, hz, { wall: '#6B5F57', floor: '#4C3A2E', skirt: '#5A4F48' }) + win(70, 90, 300, 290, { view: 'dusk', seed: 9 }) + rod(40, 400, 72) + curtain(40, 78, 48, hz - 78, PAL.linen, true) + curtain(352, 78, 48, hz - 78, PAL.linen, true);
  s += Q([[560, 212], [920, 212], [980, 330], [500, 330]], 'url(#beam)') + R(560, 200, 360, 12, PAL.walnut) + R(566, 212, 348, 3, '#FFE6AE') + books(640, 200, [PAL.terra, PAL.sage, PAL.white]) + at(820, 200, 0.4, plant({ h: 160 }));
  s += art(610, 260, 110, 80, 1, { frame: PAL.brass }) + at(1060, 0, 1, pendant({ len: 170, kind: 'cone', c: PAL.brass, z: 1.1 })) + Q([[1035, 222], [1085, 222], [1170, 520], [950, 520]], 'url(#beam)');
  s += at(740, 540, 1, shadow(260, 16) + R(-230, -136, 10, 136, PAL.char) + R(220, -136, 10, 136, PAL.char) + Q([[-240, -136], [240, -136], [224, -158], [-224, -158]], shade(PAL.oak, 0.1)) + R(-240, -136, 480, 12, PAL.oak));
  s += E(760, 320, 120, 80, '#7FB8BC', { opacity: 0.1 }) + at(760, 396, 1.25, monitor(130, '#2F6D74')) + R(700, 392, 110, 8, PAL.white, { rx: 3 });
  s += Q([[578, 300], [614, 296], [690, 404], [500, 404]], 'url(#beam)') + E(600, 404, 90, 12, '#FFE6AE', { opacity: 0.5 }) + L(560, 402, 540, 330, PAL.brass, 5) + L(540, 330, 590, 286, PAL.brass, 5);
  s += E(542, 404, 20, 5, PAL.brass) + E(604, 312, 50, 40, 'url(#glow)') + G(Q([[-7, -8], [7, -8], [24, 26], [-24, 26]], PAL.mustard) + E(0, 26, 24, 5, '#FFF1CC'), { transform: 'translate(592 288) rotate(-28)' });
  s += at(760, 630, 1, officeChair(PAL.terra)) + at(1140, 560, 1, floorLamp({ c: PAL.linen, h: 320 })) + at(120, 620, 1.05, plant({ h: 230, leaf: '#7F9A72' }));
  return s;
}
function hero() { // 1920x1080, quiet left third for headline text
  const W = 1920, H = 1080, hz = 800;
  let s = room(W, H, hz, { wall: '#E9DFD0', floor: '#BD9A75', lines: 22 }) + Q([[330, 110], [560, 110], [430, 760], [200, 760]], '#fff', { opacity: 0.12 });
  s += art(1010, 170, 280, 350, 1, { frame: PAL.walnutD, cs: [PAL.terra, PAL.sage, PAL.mustard] }) + art(1320, 260, 150, 190, 0, { frame: PAL.walnutD });
  s += rod(1480, 1880, 110) + win(1540, 150, 280, 560, { cols: 2, rows: 3 }) + curtain(1484, 116, 70, hz - 116, PAL.white, true) + curtain(1806, 116, 70, hz - 116, PAL.white, true);
  s += rug(1100, 930, 1100, 150, '#E0CCAD') + at(700, 850, 1.2, floorLamp({ arc: 195, h: 400 })) + at(1560, 860, 1.1, sideTable({ w: 100, lamp: 0 })) + vase(1560, 728, 50, PAL.teal);
  s += at(1130, 870, 1.3, sofa({ w: 520, c: '#D9CDB8', pillows: [PAL.sage, PAL.terra, PAL.teal], back: 88 })) + at(1130, 980, 1.25, table({ w: 300, top: PAL.walnut }));
  return s + vase(1090, 914, 48, PAL.white) + books(1220, 914, [PAL.sage, PAL.linen]) + at(1830, 1020, 1.5, plant({ kind: 'tree', h: 330, pot: PAL.terra, seed: 13 }));
}
// ---------- service spots (800x600) ----------
const spot = (body) => R(0, 0, 800, 600, '#F6EFE4') + C(400, 300, 235, '#EBDDC7') + E(400, 478, 310, 20, '#000', { opacity: 0.07 }) + body;
function residential() {
  let s = Q([[170, 476], [170, 236], [400, 100], [630, 236], [630, 476]], '#F3E8D6') + P('M150 246L400 90L650 246', 'none', { stroke: PAL.terra, strokeWidth: 22, strokeLinejoin: 'round' });
  s += R(170, 440, 460, 36, '#D2B38D') + win(210, 220, 110, 130, { frame: PAL.white, t: 8 }) + art(380, 210, 90, 110, 0) + rug(400, 470, 380, 40, PAL.sage);
  return spot(s + at(560, 470, 0.8, plant({ h: 230, seed: 2 })) + at(330, 466, 0.85, sofa({ w: 200, seats: 1, c: PAL.terra, pillows: [PAL.white] })) + at(480, 466, 0.75, floorLamp({ h: 300 })));
}
function commercial() {
  let s = R(170, 110, 460, 366, '#EADFCE') + R(160, 96, 480, 24, PAL.teal) + R(200, 140, 400, 50, PAL.teal, { rx: 4 }) + C(250, 165, 14, PAL.brass) + R(280, 158, 150, 14, PAL.brass, { rx: 7 });
  for (let i = 0; i < 8; i++) s += Q([[190 + i * 52.5, 204], [242.5 + i * 52.5, 204], [236 + i * 52.5, 246], [196 + i * 52.5, 246]], i % 2 ? PAL.white : PAL.terra) + C(216 + i * 52.5, 246, 20, i % 2 ? PAL.white : PAL.terra);
  s += clip(R(210, 270, 220, 190, '#000'), R(210, 270, 220, 190, '#F6E2BF') + at(270, 270, 0.6, pendant({ len: 40 })) + at(370, 270, 0.6, pendant({ len: 40 })) + R(220, 400, 200, 10, PAL.walnut) + R(240, 370, 30, 30, PAL.teal) + R(290, 360, 34, 40, PAL.terra) + R(350, 376, 50, 24, PAL.sage));
  s += P('M204 264H436V466H204Z', 'none', { stroke: PAL.char, strokeWidth: 8 }) + R(200, 462, 240, 14, PAL.char) + R(470, 270, 120, 206, PAL.walnut) + R(486, 286, 88, 110, '#F6E2BF') + R(560, 380, 6, 40, PAL.brass, { rx: 3 });
  return spot(s + at(455, 476, 0.5, plant({ h: 200, kind: 'snake', pot: PAL.char })) + at(610, 476, 0.55, plant({ h: 200, seed: 5, pot: PAL.char })));
}
function consultation() {
  let b = R(0, 0, 440, 320, PAL.walnut, { rx: 8 }) + R(12, 12, 416, 296, '#FBF7F0');
  [[PAL.terra, 0], [PAL.sage, 1], [PAL.teal, 2], [PAL.mustard, 3]].forEach(([c, i]) => { b += R(34 + i * 58, 36, 50, 96, '#fff', { stroke: '#E5DCCD' }) + R(38 + i * 58, 40, 42, 62, c) + R(40 + i * 58, 110, 30, 5, '#D5CABA') + C(59 + i * 58, 34, 5, PAL.brass); });
  b += P('M270 36H410V140L400 150L390 140L380 150L370 140L360 150L350 140L340 150L330 140L320 150L310 140L300 150L290 140L280 150L270 140Z', '#D9B99A') + P('M270 70H410M270 104H410', 'none', { stroke: '#C7A27E', strokeWidth: 5 }) + C(340, 32, 5, PAL.brass);
  b += R(34, 160, 200, 130, '#EBDDC7') + at(134, 276, 0.34, sofa({ w: 320, c: PAL.sage })) + art(112, 172, 44, 34, 0, { frame: PAL.walnutD }) + C(134, 158, 5, PAL.brass);
  b += R(260, 170, 150, 40, PAL.walnut) + P('M260 182q40 -6 80 2t70 -2M260 196q50 8 100 -2t50 4', 'none', { stroke: PAL.walnutD, strokeWidth: 2 }) + R(260, 222, 150, 40, '#E8E1D5') + C(300, 242, 8, PAL.terra);
  let s = at(180, 110, 1, G(b, { transform: 'rotate(-3 220 160)' }));
  s += G(R(0, -9, 240, 18, PAL.mustard, { rx: 2 }) + R(0, -9, 240, 6, shade(PAL.mustard, 0.2)) + Q([[240, -9], [276, 0], [240, 9]], '#E6C9A2') + Q([[266, -2.5], [276, 0], [266, 2.5]], PAL.char) + R(-22, -9, 24, 18, PAL.terra, { rx: 4 }), { transform: 'translate(420 470) rotate(-24)' });
  return spot(s + at(230, 480, 0.5, plant({ h: 180, seed: 8 })));
}
function management() {
  let s = at(360, 478, 1, shadow(200, 16)) + R(210, 100, 300, 380, '#A8743F', { rx: 16 }) + R(232, 128, 256, 332, PAL.white, { rx: 4 }) + R(300, 86, 120, 40, PAL.brass, { rx: 10 }) + C(360, 96, 8, '#A8743F');
  s += R(250, 150, 220, 16, PAL.teal, { rx: 4 }) + P('M300 176V440M350 176V440M400 176V440M450 176V440', 'none', { stroke: '#E8E1D5', strokeWidth: 2 });
  [[0, 60, PAL.terra], [30, 70, PAL.sage], [70, 84, PAL.teal], [104, 56, PAL.mustard], [124, 62, PAL.terra], [146, 46, PAL.sage]].forEach(([x, w, c], i) => { s += R(250, 190 + i * 40, 36, 8, '#D8CFC2', { rx: 4 }) + R(296 + x * 0.9, 184 + i * 40, w, 20, c, { rx: 6 }); });
  s += C(256, 436, 10, PAL.sage) + P('M251 436l4 4l7 -8', 'none', { stroke: '#fff', strokeWidth: 3 }) + R(276, 430, 120, 10, '#E8E1D5', { rx: 5 });
  s += at(600, 478, 1, shadow(120, 14) + E(0, -10, 116, 18, shade(PAL.mustard, -0.2)) + P('M-90 -14Q-90 -124 0 -124Q90 -124 90 -14Z', PAL.mustard) + P('M-20 -122Q-22 -70 -14 -16H14Q22 -70 20 -122Z', shade(PAL.mustard, 0.2)) + E(0, -14, 96, 12, shade(PAL.mustard, -0.1)));
  return spot(s + at(160, 478, 0.8, C(0, -34, 34, PAL.teal) + C(0, -34, 12, '#EAE3D8') + R(-4, -8, 44, 8, PAL.brass)));
}
// ---------- output ----------
const reel = (body) => body + R(0, 0, 540, 960, 'url(#vign)') + C(270, 480, 76, '#fff', { fillOpacity: 0.22, stroke: '#fff', strokeOpacity: 0.9, strokeWidth: 4 })
  + Q([[252, 442], [252, 518], [308, 480]], '#fff') + R(40, 900, 460, 5, '#fff', { opacity: 0.35, rx: 2.5 }) + R(40, 900, 150, 5, '#fff', { rx: 2.5 });
function split(W, H, x, before, after, hy) {
  return clip(R(0, 0, x, H, '#000'), before) + clip(R(x, 0, W - x, H, '#000'), after) + L(x, 0, x, H, '#fff', 5, { strokeLinecap: 'butt' })
    + C(x, hy, 30, '#fff') + Q([[x - 6, hy - 10], [x - 6, hy + 10], [x - 18, hy]], PAL.teal) + Q([[x + 6, hy - 10], [x + 6, hy + 10], [x + 18, hy]], PAL.teal);
}
const FILES = [
  ['projects/jubilee-hills-villa.svg', 1200, 800, 'Luxurious villa living room with walnut panelling, brass chandelier and arched garden window', villa],
  ['projects/gachibowli-3bhk.svg', 1200, 800, 'Modern living room with sage sofa, rug, slatted TV unit and plants', living],
  ['projects/banjara-hills-penthouse.svg', 1200, 800, 'Open-plan penthouse living and dining at night with city skyline through a glass wall', penthouse],
  ['projects/kondapur-2bhk-kitchen.svg', 1200, 800, 'Modular kitchen with sage cabinets, stone countertop, hob, chimney and pendant lights', kitchen],
  ['projects/hitech-city-office.svg', 1200, 800, 'Office workspace with desks, monitors, task chairs and a glass cabin', office],
  ['projects/madhapur-cafe.svg', 1200, 800, 'Cafe with terracotta counter, bar stools, pendant lamps and a menu board', cafe],
  ['projects/kokapet-4bhk-bedroom.svg', 1200, 800, 'Master bedroom with upholstered headboard, side tables, wardrobe and curtains', bedroom],
  ['projects/financial-district-clinic.svg', 1200, 800, 'Clinic reception with reception desk, waiting chairs and a logo wall', clinic],
  ['blog/modern-3bhk-makeover.svg', 1200, 630, 'Before and after of a 3BHK living room makeover', () => split(1200, 630, 600, crop(living({ before: true }), 190, 130, 1), crop(living(), -400, 130, 1), 300)],
  ['blog/workspace-lighting-tips.svg', 1200, 630, 'Home workspace at dusk lit by a desk lamp, shelf strip light and pendant', lighting],
  ['services/residential-design.svg', 800, 600, 'Home interior with armchair, floor lamp and plant', residential],
  ['services/commercial-spaces.svg', 800, 600, 'Storefront with awning, display window and door', commercial],
  ['services/design-consultation.svg', 800, 600, 'Mood board with colour swatches, fabric and wood samples and a pencil', consultation],
  ['services/project-management.svg', 800, 600, 'Clipboard with a gantt chart beside a hard hat', management],
  ['reels/reel-1.svg', 540, 960, 'Kitchen reveal reel', () => reel(crop(kitchen(), 375, 0, 1.2) + spark(120, 620, 16) + spark(430, 300, 12) + spark(400, 660, 10))],
  ['reels/reel-2.svg', 540, 960, 'Living room walkthrough reel', () => reel(crop(living({ sofa: PAL.terra, wall: '#E9E0D2', rug: '#D4DCC8' }), 255, 0, 1.2))],
  ['reels/reel-3.svg', 540, 960, 'Bedroom before and after reel', () => reel(split(540, 960, 270, crop(bedroom({ before: true }), 375, 0, 1.2), crop(bedroom(), 375, 0, 1.2), 720))],
  ['hero.svg', 1920, 1080, 'Calm, elegant living room', hero],
];
for (const [file, w, h, title, draw] of FILES) {
  ID = 0;
  const out = svg(w, h, title, draw()), path = join(OUT, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, out);
  console.log(`${(out.length / 1024).toFixed(1).padStart(5)} KB  ${file}${out.length > 25 * 1024 ? '  (over 25 KB!)' : ''}`);
}
