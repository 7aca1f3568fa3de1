// Core drawing helpers shared by every Emberleaf Energy illustration.
// Flat vector style, one palette, light from the upper left.

export const P = {
  g1: "#1f4d36", // deep forest green
  g2: "#163a29", // darker forest green
  l1: "#6bbf3b", // leaf green
  l2: "#9ed36a", // light leaf green
  a1: "#f2a516", // warm amber
  a2: "#e07b1a", // ember orange
  s1: "#5d6b66", // steel grey (shade)
  s2: "#9aa7a1", // steel grey (light)
  k: "#17201b", // near-black outline
  w: "#f7f5ef", // off-white
};

/** the single extra accent: ultraviolet lamp light. Used for UV light only, nowhere else. */
export const UV = { c: "#8f7ae0", glow: "#cfc4f5" };

export const LOOP = 8; // seconds; every animated parameter is periodic over LOOP
export const TAU = Math.PI * 2;

/** sin wave with integer k cycles per loop */
export const wave = (t, k = 1, phase = 0) => Math.sin(TAU * ((k * t) / LOOP + phase));
/** 0..1 sawtooth with integer k cycles per loop */
export const frac = (t, k = 1, phase = 0) => ((((k * t) / LOOP + phase) % 1) + 1) % 1;
/** rotation in degrees, k whole turns per loop */
export const spin = (t, k = 1) => ((((360 * k * t) / LOOP) % 360) + 360) % 360;

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
/** blend two palette colours (tints/shades stay inside the palette family) */
export function mix(a, b, t) {
  const A = hex(a);
  const B = hex(b);
  return (
    "#" +
    A.map((v, i) => Math.round(v + (B[i] - v) * t).toString(16).padStart(2, "0")).join("")
  );
}

// shade and highlight of a colour: towards the outline colour or the off-white
export const dk = (c, t = 0.28) => mix(c, P.k, t);
export const lt = (c, t = 0.35) => mix(c, P.w, t);
// material colours mixed from the palette
export const SOIL = mix(P.a2, P.g2, 0.62);
export const STRAW = mix(P.a1, P.w, 0.42);
export const COAL = mix(P.k, P.s1, 0.18);
export const WOOD = mix(P.a1, P.s1, 0.4);

/** deterministic pseudo-random generator */
export function rng(seed = 1) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}

// ---- line weight handling: constant visual stroke inside scaled groups ----
export const LW = { base: 3 };
const scales = [1];
const cur = () => scales[scales.length - 1];
export const lw = (m = 1) => +((LW.base * m) / cur()).toFixed(3);

/** stroke attribute string */
export const st = (c = P.k, m = 1) =>
  c ? `stroke="${c}" stroke-width="${lw(m)}" stroke-linejoin="round" stroke-linecap="round"` : 'stroke="none"';

/** place a component drawn in local coordinates at (x,y) with uniform scale s */
export function at(x, y, s, fn, extra = "") {
  scales.push(cur() * s);
  const body = fn();
  scales.pop();
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(s)})${extra ? " " + extra : ""}">${body}</g>`;
}
export const g = (body, attrs = "") => `<g ${attrs}>${body}</g>`;

export const f = (n) => +(+n).toFixed(2);
const op = (o) => (o === undefined || o === 1 ? "" : ` opacity="${f(o)}"`);

export const rect = (x, y, w, h, fill, { rx = 0, s = P.k, m = 1, o } = {}) =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ""} fill="${fill}" ${st(s, m)}${op(o)}/>`;
export const circ = (cx, cy, r, fill, { s = P.k, m = 1, o } = {}) =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${st(s, m)}${op(o)}/>`;
export const ell = (cx, cy, rx, ry, fill, { s = P.k, m = 1, o } = {}) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${st(s, m)}${op(o)}/>`;
export const path = (d, fill = "none", { s = P.k, m = 1, o, extra = "" } = {}) =>
  `<path d="${d}" fill="${fill}" ${st(s, m)}${op(o)} ${extra}/>`;
export const poly = (pts, fill, opts = {}) =>
  path("M" + pts.map((p) => `${f(p[0])} ${f(p[1])}`).join(" L") + " Z", fill, opts);
export const line = (x1, y1, x2, y2, c = P.k, m = 1, o) =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" ${st(c, m)}${op(o)}/>`;

// ---- shaded solids: flat fill, darker right-hand face (light from the upper left), outline ----
export function box(x, y, w, h, c, { rx = 0, side = 0.22, hi = true } = {}) {
  return (
    rect(x, y, w, h, c, { rx, s: null }) +
    rect(x + w * (1 - side), y, w * side, h, dk(c, 0.22), { s: null, rx: Math.min(rx, w * side / 2) }) +
    (hi ? line(x + lw(1.4), y + lw(1.4), x + w * (1 - side) - lw(1), y + lw(1.4), lt(c, 0.5), 1) : "") +
    rect(x, y, w, h, "none", { rx })
  );
}
export function vcyl(x, y, w, h, c, { top = true } = {}) {
  const ry = w * 0.12;
  return (
    rect(x, y, w, h, c, { s: null }) +
    rect(x + w * 0.68, y, w * 0.32, h, dk(c, 0.22), { s: null }) +
    rect(x + w * 0.14, y + ry, w * 0.08, h - ry, lt(c, 0.4), { s: null }) +
    path(`M${f(x)} ${f(y)} L${f(x)} ${f(y + h)} M${f(x + w)} ${f(y)} L${f(x + w)} ${f(y + h)}`) +
    (top ? ell(x + w / 2, y, w / 2, ry, lt(c, 0.25)) : line(x, y, x + w, y))
  );
}
export function hcyl(x, y, w, h, c) {
  return (
    rect(x, y, w, h, c, { rx: h * 0.18, s: null }) +
    rect(x, y + h * 0.66, w, h * 0.34, dk(c, 0.22), { s: null }) +
    rect(x + h * 0.2, y + h * 0.14, w - h * 0.4, h * 0.08, lt(c, 0.45), { s: null }) +
    rect(x, y, w, h, "none", { rx: h * 0.18 })
  );
}

let uid = 0;
export const id = (p = "i") => `${p}${++uid}`;
export const resetIds = () => {
  uid = 0;
};

/** linear gradient def + returns url */
export function lin(defs, stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
  const i = id("lg");
  defs.push(
    `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
      .join("")}</linearGradient>`,
  );
  return `url(#${i})`;
}
export function rad(defs, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const i = id("rg");
  defs.push(
    `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
      .join("")}</radialGradient>`,
  );
  return `url(#${i})`;
}

/** wrap a body into a full SVG document rendered at width×height */
export function doc(vw, vh, body, defs = [], { width = vw, height = vh } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${
    defs.length ? `<defs>${defs.join("")}</defs>` : ""
  }${body}</svg>`;
}

/** smooth closed-bottom ridge path across [x0,x1] at baseline y with amplitude amp */
export function ridge(x0, x1, y, amp, seed = 1, bottom = 2000, n = 7) {
  const r = rng(seed);
  const pts = [];
  for (let i = 0; i <= n; i++) pts.push([x0 + ((x1 - x0) * i) / n, y - amp * (0.3 + 0.7 * r())]);
  let d = `M${f(x0)} ${f(bottom)} L${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1];
    const [qx, qy] = pts[i];
    const mx = (px + qx) / 2;
    d += ` C${f(mx)} ${f(py)} ${f(mx)} ${f(qy)} ${f(qx)} ${f(qy)}`;
  }
  return d + ` L${f(x1)} ${f(bottom)} Z`;
}
