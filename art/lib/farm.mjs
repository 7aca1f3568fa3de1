// Farm: straw bales, straw heap, tractor with front loader, bale trailer, barn, silo, fence.
// Local coordinates, ground at y = 0, light from the upper left (shade on the right-hand faces).
import {
  PALETTE,
  spin,
  mix,
  darker,
  lighter,
  STRAW,
  WOOD,
  seededRandom,
  place,
  round2,
  rect,
  circle,
  path,
  polygon,
  line,
  box,
  verticalCylinder,
} from "./core.mjs"

export const BARN = mix(PALETTE.a2, PALETTE.g2, 0.38)

export function bale({ w = 120, h = 70, c = STRAW } = {}) {
  let o = box(0, -h, w, h, c, { rx: 8, side: 0.28 })
  for (let y = -h + 10; y < -4; y += 9) o += line(8, y, w * 0.7, y + 2, darker(c, 0.18), 0.4)
  o += line(w * 0.3, -h, w * 0.3, 0, PALETTE.a2, 0.8) + line(w * 0.55, -h, w * 0.55, 0, PALETTE.a2, 0.8)
  return o
}
export function roundBale({ r = 60, c = STRAW } = {}) {
  let o = rect(-r * 0.2, -2 * r, r * 1.4, 2 * r, darker(c, 0.2), { rx: 10 })
  o += circle(-r * 0.2, -r, r, c)
  for (let i = 1; i < 5; i++) o += circle(-r * 0.2 + i * 1.5, -r + i, r * (1 - i * 0.18), "none", { s: darker(c, 0.22), m: 0.5 })
  return o
}

/** loose straw heap with stalk texture, base centre */
export function strawHeap({ w = 500, h = 200, c = STRAW, seed = 3, n = 260 } = {}) {
  const random = seededRandom(seed)
  const outline = `M${-w / 2} 0 C${-w * 0.42} ${-h * 0.7} ${-w * 0.2} ${-h * 1.08} ${w * 0.02} ${-h} C${w * 0.26} ${-h * 1.1} ${w * 0.44} ${-h * 0.6} ${w / 2} 0 Z`
  let o = path(outline, c, { s: null })
  o += path(
    `M${w * 0.06} ${-h * 0.98} C${w * 0.28} ${-h * 1.02} ${w * 0.44} ${-h * 0.6} ${w / 2} 0 L${w * 0.12} 0 C${w * 0.22} ${-h * 0.4} ${w * 0.16} ${-h * 0.7} ${w * 0.06} ${-h * 0.98} Z`,
    darker(c, 0.14),
    { s: null },
  )
  for (let i = 0; i < n; i++) {
    const x = (random() - 0.5) * w * 0.9
    const top = -h * 0.95 * (1 - Math.pow((2 * x) / w, 2))
    const y = top * Math.pow(random(), 0.7) - 4
    const a = (random() - 0.5) * 1.4
    const L = 14 + random() * 22
    const col = random() > 0.55 ? lighter(c, 0.45) : darker(c, 0.28)
    o += line(x, y, x + Math.cos(a) * L, y + Math.sin(a) * L * 0.6, col, 0.45)
  }
  // stray stalks poking out of the outline
  for (let i = 0; i < 40; i++) {
    const x = (random() - 0.5) * w * 0.96
    const top = -h * (1 - Math.pow((2 * x) / w, 2)) * 0.98
    o += line(x, top + 6, x + (random() - 0.5) * 26, top - 8 - random() * 10, darker(c, 0.2), 0.45)
  }
  return o + path(outline, "none")
}

function wheel(cx, cy, r, { hub = PALETTE.a1, k = 0, t = 0 } = {}) {
  let o = circle(cx, cy, r, PALETTE.k)
  o += circle(cx, cy, r * 0.62, PALETTE.s1, { m: 0.6 })
  o += circle(cx, cy, r * 0.48, hub, { m: 0.6 })
  o += circle(cx, cy, r * 0.14, darker(hub, 0.3), { s: null })
  // tread lugs
  const a0 = k ? spin(t, k) : 0
  for (let i = 0; i < 12; i++) {
    const a = ((a0 + i * 30) * Math.PI) / 180
    o += line(
      cx + Math.cos(a) * r * 0.82,
      cy + Math.sin(a) * r * 0.82,
      cx + Math.cos(a + 0.12) * r * 0.98,
      cy + Math.sin(a + 0.12) * r * 0.98,
      mix(PALETTE.k, PALETTE.s1, 0.5),
      0.6,
    )
  }
  o += path(
    `M${round2(cx - r * 0.7)} ${round2(cy - r * 0.45)} A${round2(r * 0.82)} ${round2(r * 0.82)} 0 0 1 ${round2(cx - r * 0.1)} ${round2(cy - r * 0.82)}`,
    "none",
    { s: mix(PALETTE.k, PALETTE.s2, 0.4), m: 0.7 },
  )
  return o
}

/** farm tractor facing left, ~250 wide. loader: front-loader arms + bucket (load = straw in it). */
export function tractor(ctx, { c = PALETTE.l1, loader = false, load = STRAW, lift = 0 } = {}) {
  let o = ""
  // chassis
  o += rect(10, -78, 190, 22, darker(c, 0.45))
  // hood (engine) with grille
  o += box(0, -128, 128, 56, c, { rx: 8, side: 0.18 })
  o += rect(-6, -122, 14, 46, PALETTE.s1, { rx: 3 })
  for (let y = -116; y < -80; y += 8) o += line(-3, y, 5, y, PALETTE.k, 0.4)
  o += rect(-8, -98, 10, 10, lighter(PALETTE.a1, 0.3), { m: 0.6 })
  // exhaust
  o += verticalCylinder(54, -184, 10, 58, PALETTE.s1, { top: false }) + rect(52, -190, 14, 8, PALETTE.k, { s: null })
  // cab
  o += rect(108, -238, 118, 12, darker(c, 0.35), { rx: 4 })
  o += rect(118, -226, 96, 96, lighter(PALETTE.l2, 0.55), { o: 0.75 })
  o += polygon(
    [
      [140, -226],
      [176, -226],
      [150, -132],
      [124, -132],
    ],
    PALETTE.w,
    { s: null, o: 0.45 },
  )
  o += rect(112, -226, 10, 150, c) + rect(210, -226, 10, 150, darker(c, 0.2))
  o += box(112, -132, 108, 56, c, { side: 0.2 })
  o += rect(150, -184, 8, 32, PALETTE.k, { s: null, o: 0.75 }) + circle(154, -190, 8, PALETTE.k, { s: null, o: 0.75 }) // driver silhouette
  // rear mudguard + wheels
  o += path("M128 -76 C128 -150 240 -150 240 -76 Z", darker(c, 0.2))
  o += wheel(34, -36, 36, { t: ctx.t }) + wheel(184, -62, 62, { t: ctx.t })
  // hitch
  o += rect(236, -52, 30, 10, PALETTE.s1)
  if (loader) {
    const ly = -lift
    // loader arms pivot at the cab front pillar down to the bucket ahead of the bonnet
    o += path(`M122 -170 L40 -140 L-58 ${-84 + ly}`, "none", { s: PALETTE.k, m: 6 })
    o += path(`M122 -170 L40 -140 L-58 ${-84 + ly}`, "none", { s: PALETTE.a1, m: 4 })
    o += line(90, -110, 30, -135, PALETTE.s1, 2.2)
    // bucket with straw heaped in it
    const by = -84 + ly
    o += path(`M${-150} ${by - 50} C${-120} ${by - 110} ${-40} ${by - 108} ${-22} ${by - 52} Z`, load)
    for (let i = 0; i < 14; i++) {
      const x = -140 + i * 8
      o += line(x, by - 50, x + 10 - (i % 3) * 6, by - 70 - ((i * 7) % 30), darker(load, 0.25), 0.5)
    }
    o += path(`M-160 ${by - 52} L-20 ${by - 52} L-20 ${by + 6} L-150 ${by + 6} Z`, PALETTE.s2)
    o += rect(-60, by - 52, 40, 58, PALETTE.s1, { s: null })
    o += path(`M-160 ${by - 52} L-20 ${by - 52} L-20 ${by + 6} L-150 ${by + 6} Z`, "none")
    for (let x = -150; x < -24; x += 16) o += line(x, by + 6, x - 8, by + 18, PALETTE.s1, 1.1)
  }
  return o
}

/** flat trailer with a drawbar to the left, loaded with square bales (rows × cols). ~360 wide */
export function baleTrailer({ w = 360, rows = 2, cols = 3 } = {}) {
  let o = ""
  o += line(-70, -50, 0, -60, PALETTE.s1, 2)
  o += rect(0, -74, w, 20, PALETTE.g1)
  o += rect(0, -60, w, 6, darker(PALETTE.g1, 0.3), { s: null })
  const bw = (w - 20) / cols
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols - (r % 2 ? 1 : 0); c++) {
      o += place(10 + c * bw + (r % 2 ? bw / 2 : 0), -74 - r * 62, 1, () => bale({ w: bw - 4, h: 62 }))
    }
  o += wheel(w * 0.42, -34, 34, {}) + wheel(w * 0.66, -34, 34, {})
  return o
}

/** gambrel-roof barn, origin bottom-left, w wide */
export function barn({ w = 300, h = 160, c = BARN, roof = PALETTE.s1 } = {}) {
  let o = ""
  const rh = h * 0.55
  const roofPts = [
    [-10, -h],
    [w * 0.14, -h - rh * 0.6],
    [w / 2, -h - rh],
    [w * 0.86, -h - rh * 0.6],
    [w + 10, -h],
  ]
  o += box(0, -h, w, h, c, { side: 0.18 })
  for (let x = 14; x < w * 0.82; x += 14) o += line(x, -h + 4, x, -4, darker(c, 0.18), 0.4)
  o += polygon(roofPts, roof)
  o += polygon(
    [
      [w / 2, -h - rh],
      [w * 0.86, -h - rh * 0.6],
      [w + 10, -h],
      [w / 2, -h],
    ],
    darker(roof, 0.2),
    { s: null },
  )
  o += polygon(roofPts, "none")
  // gable trim + hay door
  o +=
    rect(w / 2 - 26, -h - rh * 0.45, 52, 44, darker(c, 0.3), { m: 0.8 }) +
    line(w / 2 - 26, -h - rh * 0.45, w / 2 + 26, -h - rh * 0.45 + 44, PALETTE.w, 0.7) +
    line(w / 2 + 26, -h - rh * 0.45, w / 2 - 26, -h - rh * 0.45 + 44, PALETTE.w, 0.7)
  // big doors with cross bracing
  const dw = w * 0.34
  const dx = w / 2 - dw / 2
  o += rect(dx, -h * 0.72, dw, h * 0.72, darker(c, 0.12), { m: 0.9 })
  for (const x0 of [dx, dx + dw / 2]) {
    o += rect(x0, -h * 0.72, dw / 2, h * 0.72, "none", { s: PALETTE.w, m: 0.8 })
    o += line(x0, -h * 0.72, x0 + dw / 2, 0, PALETTE.w, 0.7) + line(x0 + dw / 2, -h * 0.72, x0, 0, PALETTE.w, 0.7)
  }
  return o
}

/** farm silo: cylinder with domed cap, origin bottom-left */
export function silo({ w = 70, h = 240, c = mix(PALETTE.s2, PALETTE.w, 0.2) } = {}) {
  let o = verticalCylinder(0, -h, w, h, c, { top: false })
  for (let y = -h + 30; y < -10; y += 34) o += line(0, y, w, y, darker(c, 0.2), 0.5)
  o += path(`M0 ${-h} C0 ${-h - w * 0.7} ${w} ${-h - w * 0.7} ${w} ${-h} Z`, PALETTE.g1)
  o += path(`M${w * 0.55} ${-h - w * 0.52} C${w * 0.85} ${-h - w * 0.4} ${w} ${-h - w * 0.2} ${w} ${-h} L${w * 0.6} ${-h} Z`, darker(PALETTE.g1, 0.25), {
    s: null,
  })
  o += line(w + 6, -8, w + 6, -h + 10, PALETTE.s1, 0.7) + line(w + 16, -8, w + 16, -h + 10, PALETTE.s1, 0.7)
  for (let y = -20; y > -h + 10; y -= 16) o += line(w + 6, y, w + 16, y, PALETTE.s1, 0.5)
  return o
}

/** post and rail fence from x0 to x1 at ground 0 */
export function fence(x0, x1, { h = 40, c = mix(WOOD, PALETTE.w, 0.2), step = 50 } = {}) {
  let o = line(x0, -h * 0.7, x1, -h * 0.7, c, 1) + line(x0, -h * 0.3, x1, -h * 0.3, c, 1)
  for (let x = x0; x <= x1; x += step) o += rect(x - 4, -h, 8, h, c, { m: 0.6 })
  return o
}
