// Charcoal and biochar making: fire effects (flames, glow), the brick kiln, the steel retort, the biochar
// unit, and charcoal itself (lumps, heaps, briquettes, sacks). Local coordinates, ground at y = 0 unless noted.
import {
  PALETTE,
  TAU,
  wave,
  frac,
  mix,
  darker,
  lighter,
  COAL,
  seededRandom,
  place,
  round2,
  rect,
  circle,
  ellipse,
  path,
  polygon,
  line,
  box,
  verticalCylinder,
  horizontalCylinder,
  linearGradient,
  radialGradient,
} from "./core.mjs"
import { puffs } from "./landscape.mjs"

export function glowHalo(ctx, defs, r = 120, { k = 3, c = PALETTE.a1, o = 0.55 } = {}) {
  const pulse = 0.75 + 0.18 * wave(ctx.t, k) + 0.07 * wave(ctx.t, k * 3, 0.3)
  return circle(
    0,
    0,
    r,
    radialGradient(defs, [
      [0, c, o],
      [0.5, PALETTE.a2, o * 0.35],
      [1, PALETTE.a2, 0],
    ]),
    { s: null, o: pulse },
  )
}
export function flames(ctx, { w = 60, h = 60, k = 4, seed = 1 } = {}) {
  const random = seededRandom(seed)
  let o = ""
  const n = 5
  for (let i = 0; i < n; i++) {
    const x = -w / 2 + (w * (i + 0.5)) / n
    const hh = h * (0.55 + 0.35 * random()) * (0.8 + 0.2 * wave(ctx.t, k + (i % 3), random()))
    const sway = 6 * wave(ctx.t, k - 1, random())
    const ww = w / n
    o += path(
      `M${round2(x - ww)} 0 C${round2(x - ww)} ${round2(-hh * 0.5)} ${round2(x + sway)} ${round2(-hh * 0.6)} ${round2(x + sway)} ${round2(-hh)} C${round2(x + sway + ww * 0.5)} ${round2(-hh * 0.5)} ${round2(x + ww)} ${round2(-hh * 0.4)} ${round2(x + ww)} 0 Z`,
      i % 2 ? PALETTE.a2 : PALETTE.a1,
      { s: null },
    )
    o += path(
      `M${round2(x - ww * 0.45)} 0 C${round2(x - ww * 0.4)} ${round2(-hh * 0.3)} ${round2(x + sway * 0.5)} ${round2(-hh * 0.35)} ${round2(x + sway * 0.5)} ${round2(-hh * 0.55)} C${round2(x + ww * 0.4)} ${round2(-hh * 0.3)} ${round2(x + ww * 0.45)} ${round2(-hh * 0.2)} ${round2(x + ww * 0.45)} 0 Z`,
      lighter(PALETTE.a1, 0.6),
      { s: null },
    )
  }
  return o
}

/** beehive brick kiln with glowing arched door. base centre at origin, ~320 wide */
export function kiln(ctx, defs, { w = 320, h = 230, brick = mix(PALETTE.a2, PALETTE.g2, 0.5), k = 2 } = {}) {
  const hw = w / 2
  const dome = `M${-hw} 0 L${-hw} ${-h * 0.35} C${-hw} ${-h * 1.05} ${hw} ${-h * 1.05} ${hw} ${-h * 0.35} L${hw} 0 Z`
  let o = ""
  // chimney
  o += box(hw * 0.45, -h * 1.05, 34, h * 0.4, darker(brick, 0.15), { side: 0.3 })
  o += path(dome, brick, { s: null })
  o += path(
    `M${hw * 0.25} ${-h * 0.86} C${hw * 0.8} ${-h * 0.7} ${hw} ${-h * 0.5} ${hw} ${-h * 0.35} L${hw} 0 L${hw * 0.55} 0 C${hw * 0.7} ${-h * 0.4} ${hw * 0.6} ${-h * 0.7} ${hw * 0.25} ${-h * 0.86} Z`,
    darker(brick, 0.25),
    { s: null },
  )
  // brick courses
  for (let i = 1; i < 8; i++) {
    const y = -h * 0.1 * i
    const wy = i < 4 ? hw : hw * Math.sqrt(Math.max(0, 1 - Math.pow((i - 3) / 5.2, 2)))
    o += line(-wy + 4, y, wy - 4, y, darker(brick, 0.4), 0.5)
    for (let x = -wy + 20 + (i % 2) * 14; x < wy - 10; x += 28) o += line(x, y, x, y + h * 0.1, darker(brick, 0.4), 0.4)
  }
  o += path(`M${-hw * 0.78} ${-h * 0.55} C${-hw * 0.65} ${-h * 0.8} ${-hw * 0.3} ${-h * 0.86} ${-hw * 0.1} ${-h * 0.86}`, "none", {
    s: lighter(brick, 0.4),
    m: 1.4,
  })
  o += path(dome)
  // arched door with glow
  const dw = w * 0.17
  const dh = h * 0.46
  const door = `M${-dw} 0 L${-dw} ${-dh * 0.6} C${-dw} ${-dh * 1.1} ${dw} ${-dh * 1.1} ${dw} ${-dh * 0.6} L${dw} 0 Z`
  const pulse = 0.8 + 0.15 * wave(ctx.t, k) + 0.05 * wave(ctx.t, k * 3, 0.2)
  o += path(door, PALETTE.k)
  o += path(
    door,
    radialGradient(
      defs,
      [
        [0, lighter(PALETTE.a1, 0.5)],
        [0.55, PALETTE.a1],
        [1, PALETTE.a2],
      ],
      0.5,
      0.9,
      0.8,
    ),
    { s: null, o: pulse },
  )
  o += place(0, 0, 1, () => flames(ctx, { w: dw * 1.5, h: dh * 0.6, k: 4, seed: 7 }))
  o += path(door, "none", { s: darker(brick, 0.5), m: 2 })
  return o
}

/** horizontal steel retort on a glowing firebox, ~300 wide, base centre */
export function retort(ctx, defs, { w = 300, h = 110, c = PALETTE.s1, k = 2 } = {}) {
  const hw = w / 2
  let o = ""
  o += box(-hw * 0.85, -70, w * 0.85, 70, mix(PALETTE.a2, PALETTE.g2, 0.5), { side: 0.15 }) // brick firebox
  for (let y = -56; y < 0; y += 14) o += line(-hw * 0.85 + 4, y, hw * 0.85 - 4, y, darker(mix(PALETTE.a2, PALETTE.g2, 0.5), 0.35), 0.4)
  const pulse = 0.8 + 0.2 * wave(ctx.t, k)
  o += rect(-60, -52, 120, 40, PALETTE.k, { rx: 6 })
  o += rect(
    -60,
    -52,
    120,
    40,
    linearGradient(defs, [
      [0, PALETTE.a1],
      [1, PALETTE.a2],
    ]),
    { rx: 6, s: null, o: pulse },
  )
  o += place(0, -12, 1, () => flames(ctx, { w: 110, h: 34, k: 4, seed: 3 }))
  o += horizontalCylinder(-hw, -70 - h, w, h, c)
  for (const x of [-hw + 20, hw - 20]) o += rect(x - 8, -70 - h - 6, 16, h + 12, darker(c, 0.3), { rx: 3 })
  o += circle(-hw + 60, -70 - h / 2, 16, darker(c, 0.3)) + circle(-hw + 60, -70 - h / 2, 9, PALETTE.a1, { o: pulse })
  // chimney
  o += verticalCylinder(hw * 0.45, -70 - h - 120, 24, 120, PALETTE.s2)
  return o
}

/** containerised biochar reactor with hopper, auger and output pile. base centre, ~460 wide */
export function biocharUnit(ctx, defs, { c = PALETTE.g1 } = {}) {
  let o = ""
  // chimney + heat puffs
  o += place(150, -320, 1, () => puffs(ctx, { n: 5, rise: 160, r: 12, drift: 40, k: 2, c: PALETTE.w, o: 0.55, seed: 7 }))
  o += verticalCylinder(136, -320, 28, 150, PALETTE.s2)
  // container
  o += box(-200, -180, 400, 180, c, { side: 0.15 })
  for (let x = -188; x < 140; x += 16) o += line(x, -174, x, -6, darker(c, 0.22), 0.5)
  // hatch glow
  const pulse = 0.75 + 0.25 * wave(ctx.t, 2)
  o +=
    rect(-140, -120, 80, 50, PALETTE.k, { rx: 6 }) +
    rect(
      -134,
      -114,
      68,
      38,
      linearGradient(defs, [
        [0, PALETTE.a1],
        [1, PALETTE.a2],
      ]),
      { rx: 4, s: null, o: pulse },
    )
  // hopper + feed
  o += polygon(
    [
      [-250, -300],
      [-150, -300],
      [-170, -220],
      [-230, -220],
    ],
    PALETTE.l1,
  )
  o += rect(-212, -222, 24, 44, PALETTE.s1)
  // auger out + biochar pile
  o += path("M200 -60 L290 -110", "none", { s: PALETTE.k, m: 14 }) + path("M200 -60 L290 -110", "none", { s: PALETTE.s2, m: 12 })
  const random = seededRandom(12)
  for (let i = 0; i < 6; i++) {
    const p = frac(ctx.t, 4, i / 6)
    o += circle(292 + random() * 8, -104 + p * 70, 3.2, COAL, { s: null, o: round2(Math.sin(Math.PI * p)) })
  }
  o += path("M230 0 C250 -40 330 -40 350 0 Z", COAL)
  for (let i = 0; i < 10; i++) o += circle(250 + random() * 80, -6 - random() * 20, 2, PALETTE.s1, { s: null })
  return o
}

function charcoalLumpOutline(cx, cy, r, random) {
  const n = 5 + Math.floor(random() * 3)
  const pts = []
  for (let i = 0; i < n; i++) {
    const a = (TAU * i) / n + random() * 0.6
    const rr = r * (0.7 + 0.35 * random())
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * 0.8])
  }
  return pts
}
export function charcoalLump(cx, cy, r, random, c = COAL) {
  const pts = charcoalLumpOutline(cx, cy, r, random)
  return (
    polygon(pts, c, { m: 0.7 }) +
    polygon(
      [pts[pts.length - 1], pts[0], pts[1], [cx, cy]].map(([x, y]) => [x, y]),
      mix(c, PALETTE.s2, 0.35),
      { s: null },
    ) +
    polygon(pts, "none", { m: 0.7 })
  )
}
export function charcoalHeap({ w = 300, h = 120, seed = 5, r = 14 } = {}) {
  const random = seededRandom(seed)
  let o = path(`M${-w / 2} 0 C${-w / 3} ${-h} ${w / 3} ${-h} ${w / 2} 0 Z`, COAL)
  const items = []
  for (let i = 0; i < (w * h) / (r * r * 2.2); i++) {
    const x = (random() - 0.5) * w * 0.95
    const top = -h * 0.75 * (1 - Math.pow((2 * x) / w, 2))
    const y = top * random()
    items.push([x, Math.min(-r * 0.4, y)])
  }
  items.sort((a, b) => a[1] - b[1])
  for (const [x, y] of items) o += charcoalLump(x, y, r * (0.7 + 0.6 * random()), random)
  return o
}
export function briquette(x, y, r, random) {
  const pts = []
  for (let i = 0; i < 6; i++) {
    const a = (TAU * i) / 6 + random() * 0.05
    pts.push([x + Math.cos(a) * r, y + Math.sin(a) * r * 0.55])
  }
  const side = [
    pts[0],
    pts[1],
    pts[2],
    pts[3],
    [pts[3][0], pts[3][1] + r * 0.9],
    [pts[2][0], pts[2][1] + r * 0.9],
    [pts[1][0], pts[1][1] + r * 0.9],
    [pts[0][0], pts[0][1] + r * 0.9],
  ]
  return (
    polygon(side, darker(COAL, 0.1), { m: 0.7 }) +
    polygon(pts, mix(COAL, PALETTE.s1, 0.45), { m: 0.7 }) +
    ellipse(x, y, r * 0.28, r * 0.16, PALETTE.k, { s: null })
  )
}

export function sack({ c = PALETTE.w, fill = COAL, h = 140 } = {}) {
  const w = h * 0.7
  let o = path(
    `M${-w / 2} 0 C${-w / 2 - 8} ${-h * 0.5} ${-w / 2} ${-h * 0.8} ${-w * 0.42} ${-h} L${w * 0.42} ${-h} C${w / 2} ${-h * 0.8} ${w / 2 + 8} ${-h * 0.5} ${w / 2} 0 Z`,
    c,
  )
  o += path(`M${w * 0.1} ${-h} L${w * 0.42} ${-h} C${w / 2} ${-h * 0.8} ${w / 2 + 8} ${-h * 0.5} ${w / 2} 0 L${w * 0.15} 0 Z`, darker(c, 0.12), { s: null })
  o += ellipse(0, -h, w * 0.42, 12, fill)
  o += rect(-w * 0.3, -h * 0.55, w * 0.6, h * 0.25, PALETTE.l1, { s: null, o: 0.9 })
  return o
}
