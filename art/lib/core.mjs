// Core drawing helpers shared by every Emberleaf Energy illustration.
// Flat vector style, one palette, light from the upper left. Every helper returns SVG text; the
// components accumulate it in a string (by convention `o`) and are placed with place(x, y, scale, fn).

// Member names are a family letter and a shade number, short because they appear in almost every line
// of the drawing code: g = forest green, l = leaf green, a = amber/ember, s = steel grey (1 = darker,
// 2 = lighter), k = the near-black outline, w = off-white.
export const PALETTE = {
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
}

/** the single extra accent: ultraviolet lamp light. Used for UV light only, nowhere else. */
export const UV = { c: "#8f7ae0", glow: "#cfc4f5" }

export const LOOP = 8 // seconds; every animated parameter is periodic over LOOP
export const TAU = Math.PI * 2

/** sin wave with integer k cycles per loop */
export const wave = (t, k = 1, phase = 0) => Math.sin(TAU * ((k * t) / LOOP + phase))
/** 0..1 sawtooth with integer k cycles per loop */
export const frac = (t, k = 1, phase = 0) => ((((k * t) / LOOP + phase) % 1) + 1) % 1
/** rotation in degrees, k whole turns per loop */
export const spin = (t, k = 1) => ((((360 * k * t) / LOOP) % 360) + 360) % 360

const hexToRgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))
/** blend two palette colours (tints/shades stay inside the palette family) */
export function mix(a, b, t) {
  const A = hexToRgb(a)
  const B = hexToRgb(b)
  return (
    "#" +
    A.map((v, i) =>
      Math.round(v + (B[i] - v) * t)
        .toString(16)
        .padStart(2, "0"),
    ).join("")
  )
}

// shade and highlight of a colour: towards the outline colour or the off-white
export const darker = (c, t = 0.28) => mix(c, PALETTE.k, t)
export const lighter = (c, t = 0.35) => mix(c, PALETTE.w, t)
// material colours mixed from the palette
export const SOIL = mix(PALETTE.a2, PALETTE.g2, 0.62)
export const STRAW = mix(PALETTE.a1, PALETTE.w, 0.42)
export const COAL = mix(PALETTE.k, PALETTE.s1, 0.18)
export const WOOD = mix(PALETTE.a1, PALETTE.s1, 0.4)

/** deterministic pseudo-random generator */
export function seededRandom(seed = 1) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return ((s >>> 0) % 100000) / 100000
  }
}

// ---- line weight handling: constant visual stroke inside scaled groups ----
export const LINE_WEIGHT = { base: 3 }
const scaleStack = [1]
const currentScale = () => scaleStack[scaleStack.length - 1]
export const lineWidth = (m = 1) => +((LINE_WEIGHT.base * m) / currentScale()).toFixed(3)

/** stroke attribute string */
export const strokeAttrs = (c = PALETTE.k, m = 1) =>
  c ? `stroke="${c}" stroke-width="${lineWidth(m)}" stroke-linejoin="round" stroke-linecap="round"` : 'stroke="none"'

/** place a component drawn in local coordinates at (x,y) with uniform scale s */
export function place(x, y, s, fn, extra = "") {
  scaleStack.push(currentScale() * s)
  const body = fn()
  scaleStack.pop()
  return `<g transform="translate(${round2(x)} ${round2(y)}) scale(${round2(s)})${extra ? " " + extra : ""}">${body}</g>`
}
/** a plain <g> with the given attributes */
export const group = (body, attrs = "") => `<g ${attrs}>${body}</g>`

/** numbers in the SVG text are rounded to 2 decimals */
export const round2 = (n) => +(+n).toFixed(2)
const opacityAttr = (o) => (o === undefined || o === 1 ? "" : ` opacity="${round2(o)}"`)

// Shape options: s = stroke colour (null for none), m = stroke weight as a multiple of the line weight,
// o = opacity.
export const rect = (x, y, w, h, fill, { rx = 0, s = PALETTE.k, m = 1, o } = {}) =>
  `<rect x="${round2(x)}" y="${round2(y)}" width="${round2(w)}" height="${round2(h)}"${rx ? ` rx="${round2(rx)}"` : ""} fill="${fill}" ${strokeAttrs(s, m)}${opacityAttr(o)}/>`
export const circle = (cx, cy, r, fill, { s = PALETTE.k, m = 1, o } = {}) =>
  `<circle cx="${round2(cx)}" cy="${round2(cy)}" r="${round2(r)}" fill="${fill}" ${strokeAttrs(s, m)}${opacityAttr(o)}/>`
export const ellipse = (cx, cy, rx, ry, fill, { s = PALETTE.k, m = 1, o } = {}) =>
  `<ellipse cx="${round2(cx)}" cy="${round2(cy)}" rx="${round2(rx)}" ry="${round2(ry)}" fill="${fill}" ${strokeAttrs(s, m)}${opacityAttr(o)}/>`
export const path = (d, fill = "none", { s = PALETTE.k, m = 1, o, extra = "" } = {}) =>
  `<path d="${d}" fill="${fill}" ${strokeAttrs(s, m)}${opacityAttr(o)} ${extra}/>`
export const polygon = (pts, fill, opts = {}) => path("M" + pts.map((p) => `${round2(p[0])} ${round2(p[1])}`).join(" L") + " Z", fill, opts)
export const line = (x1, y1, x2, y2, c = PALETTE.k, m = 1, o) =>
  `<line x1="${round2(x1)}" y1="${round2(y1)}" x2="${round2(x2)}" y2="${round2(y2)}" ${strokeAttrs(c, m)}${opacityAttr(o)}/>`

// ---- shaded solids: flat fill, darker right-hand face (light from the upper left), outline ----
export function box(x, y, w, h, c, { rx = 0, side = 0.22, hi = true } = {}) {
  return (
    rect(x, y, w, h, c, { rx, s: null }) +
    rect(x + w * (1 - side), y, w * side, h, darker(c, 0.22), { s: null, rx: Math.min(rx, (w * side) / 2) }) +
    (hi ? line(x + lineWidth(1.4), y + lineWidth(1.4), x + w * (1 - side) - lineWidth(1), y + lineWidth(1.4), lighter(c, 0.5), 1) : "") +
    rect(x, y, w, h, "none", { rx })
  )
}
export function verticalCylinder(x, y, w, h, c, { top = true } = {}) {
  const ry = w * 0.12
  return (
    rect(x, y, w, h, c, { s: null }) +
    rect(x + w * 0.68, y, w * 0.32, h, darker(c, 0.22), { s: null }) +
    rect(x + w * 0.14, y + ry, w * 0.08, h - ry, lighter(c, 0.4), { s: null }) +
    path(`M${round2(x)} ${round2(y)} L${round2(x)} ${round2(y + h)} M${round2(x + w)} ${round2(y)} L${round2(x + w)} ${round2(y + h)}`) +
    (top ? ellipse(x + w / 2, y, w / 2, ry, lighter(c, 0.25)) : line(x, y, x + w, y))
  )
}
export function horizontalCylinder(x, y, w, h, c) {
  return (
    rect(x, y, w, h, c, { rx: h * 0.18, s: null }) +
    rect(x, y + h * 0.66, w, h * 0.34, darker(c, 0.22), { s: null }) +
    rect(x + h * 0.2, y + h * 0.14, w - h * 0.4, h * 0.08, lighter(c, 0.45), { s: null }) +
    rect(x, y, w, h, "none", { rx: h * 0.18 })
  )
}

let lastId = 0
export const uniqueId = (prefix = "i") => `${prefix}${++lastId}`
export const resetIds = () => {
  lastId = 0
}

/** linear gradient def + returns url */
export function linearGradient(defs, stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
  const i = uniqueId("lg")
  defs.push(
    `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
      .join("")}</linearGradient>`,
  )
  return `url(#${i})`
}
export function radialGradient(defs, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const i = uniqueId("rg")
  defs.push(
    `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
      .join("")}</radialGradient>`,
  )
  return `url(#${i})`
}

/** wrap a body into a full SVG document rendered at width×height */
export function svgDocument(vw, vh, body, defs = [], { width = vw, height = vh } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${
    defs.length ? `<defs>${defs.join("")}</defs>` : ""
  }${body}</svg>`
}

/** smooth closed-bottom ridge path across [x0,x1] at baseline y with amplitude amp */
export function ridge(x0, x1, y, amp, seed = 1, bottom = 2000, n = 7) {
  const r = seededRandom(seed)
  const pts = []
  for (let i = 0; i <= n; i++) pts.push([x0 + ((x1 - x0) * i) / n, y - amp * (0.3 + 0.7 * r())])
  let d = `M${round2(x0)} ${round2(bottom)} L${round2(pts[0][0])} ${round2(pts[0][1])}`
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1]
    const [qx, qy] = pts[i]
    const mx = (px + qx) / 2
    d += ` C${round2(mx)} ${round2(py)} ${round2(mx)} ${round2(qy)} ${round2(qx)} ${round2(qy)}`
  }
  return d + ` L${round2(x1)} ${round2(bottom)} Z`
}
