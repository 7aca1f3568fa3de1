// Landscape: trees, bushes, clouds, smoke and steam puffs, crop fields, soil with biochar, heaps of loose
// material. Local coordinates, ground at y = 0 unless noted, placed with place(x, y, scale, () => part(...)).
import {
  PALETTE,
  TAU,
  frac,
  mix,
  darker,
  lighter,
  SOIL,
  STRAW,
  COAL,
  seededRandom,
  group,
  round2,
  rect,
  circle,
  ellipse,
  path,
  polygon,
  line,
} from "./core.mjs"

export function tree({ kind = "round", c = PALETTE.l1, trunk = PALETTE.g2, h = 1 } = {}) {
  if (kind === "pine") {
    let o = rect(-4, -22, 8, 22, trunk)
    for (let i = 0; i < 3; i++) {
      const y = -20 - i * 26 * h
      const w = 34 - i * 8
      o += polygon(
        [
          [-w, y],
          [0, y - 46 * h],
          [w, y],
        ],
        i % 2 ? c : darker(c, 0.12),
      )
      o += polygon(
        [
          [0, y - 46 * h],
          [w, y],
          [w * 0.25, y],
        ],
        darker(c, 0.3),
        { s: null },
      )
    }
    return o
  }
  return (
    rect(-4, -40 * h, 8, 40 * h, trunk) +
    circle(0, -62 * h, 32, darker(c, 0.25)) +
    circle(-6, -67 * h, 25, c, { s: null }) +
    circle(-14, -76 * h, 9, lighter(c, 0.35), { s: null })
  )
}
export function bush(c = PALETTE.l1) {
  return (
    path("M-40 0 C-44 -24 -22 -34 -8 -28 C2 -44 30 -40 32 -20 C46 -18 46 0 40 0 Z", darker(c, 0.25)) +
    path("M-32 -4 C-34 -22 -18 -28 -8 -22 C0 -34 22 -32 24 -16 C10 -12 -10 -8 -32 -4 Z", c, { s: null })
  )
}
export function cloud(c = PALETTE.w, o = 1) {
  return group(path("M-60 0 C-70 -18 -48 -30 -32 -22 C-26 -44 8 -48 16 -26 C30 -36 56 -28 54 -8 C66 -6 66 0 60 0 Z", c, { s: null }), `opacity="${o}"`)
}

/** rising, growing, fading puffs. origin = emitter. all periodic over the loop. */
export function puffs(ctx, { n = 6, rise = 220, r = 22, drift = 60, k = 1, c = PALETTE.w, o = 0.85, spread = 10, seed = 3 } = {}) {
  const random = seededRandom(seed)
  let out = ""
  for (let i = 0; i < n; i++) {
    const p = frac(ctx.t, k, i / n)
    const y = -p * rise
    const x = p * drift + Math.sin(TAU * (p * 1.2 + random())) * spread
    const rr = r * (0.45 + 1.4 * p)
    const a = o * Math.pow(Math.sin(Math.PI * p), 0.9)
    out += group(
      circle(x, y, rr, c, { s: null }) +
        circle(x - rr * 0.7, y + rr * 0.25, rr * 0.7, c, { s: null }) +
        circle(x + rr * 0.75, y + rr * 0.2, rr * 0.65, c, { s: null }),
      `opacity="${round2(a)}"`,
    )
  }
  return out
}

/** perspective crop rows on a field. origin top-left of field area. */
export function cropField({ w = 1200, h = 300, rows = 14, vx = 0.5, soil = SOIL, crop = PALETTE.l1 } = {}) {
  let o = rect(0, 0, w, h, soil, { s: null })
  for (let i = 0; i <= rows; i++) {
    const xb = ((i - rows * 0.15) / (rows * 0.7)) * w
    const xt = w * vx + (xb - w * vx) * 0.18
    const ww = 10
    o += polygon(
      [
        [xt - 1.5, 0],
        [xt + 1.5, 0],
        [xb + ww, h],
        [xb - ww, h],
      ],
      i % 2 ? crop : darker(crop, 0.15),
      { s: null },
    )
  }
  for (let i = 0; i < 5; i++) o += line(0, h * (0.15 + i * i * 0.04), w, h * (0.15 + i * i * 0.04), darker(soil, 0.2), 0.3)
  return o
}

/** soil cross-section block with biochar grains, origin top-left */
export function soilSection({ w = 500, h = 180, seed = 3, char = true } = {}) {
  const random = seededRandom(seed)
  let o = rect(0, 0, w, h, SOIL, { s: null })
  o += rect(0, h * 0.55, w, h * 0.45, darker(SOIL, 0.2), { s: null })
  for (let i = 0; i < 70; i++) o += ellipse(random() * w, h * 0.1 + random() * h * 0.85, 3 + random() * 3, 2, lighter(SOIL, 0.2), { s: null, o: 0.7 })
  if (char) for (let i = 0; i < 90; i++) o += biocharGrain(random() * w, 10 + random() * h * 0.4, 3 + random() * 4, random)
  // roots
  for (let i = 0; i < 8; i++) {
    const x = 30 + i * (w / 8)
    o += path(`M${x} 0 C${x - 8} ${h * 0.2} ${x + 10} ${h * 0.35} ${x - 4} ${h * 0.6}`, "none", { s: lighter(STRAW, 0.2), m: 0.6 })
  }
  return o + line(0, 0, w, 0, PALETTE.k, 1)
}
function biocharGrain(cx, cy, r, random) {
  const pts = []
  const n = 5
  for (let i = 0; i < n; i++) {
    const a = (TAU * i) / n + random() * 0.5
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.8])
  }
  return polygon(pts, COAL, { s: null })
}
export function mound({ w = 200, h = 70, c = STRAW, seed = 2, bits = 80, bitC = null, cols = null } = {}) {
  const random = seededRandom(seed)
  let o = path(`M${-w / 2} 0 C${-w / 3} ${-h * 1.3} ${w / 3} ${-h * 1.3} ${w / 2} 0 Z`, c)
  o += path(`M${w * 0.05} ${-h * 0.95} C${w / 4} ${-h * 0.9} ${w * 0.4} ${-h * 0.5} ${w / 2} 0 L${w * 0.15} 0 Z`, darker(c, 0.15), { s: null })
  for (let i = 0; i < bits; i++) {
    const x = (random() - 0.5) * w * 0.85
    const top = -h * 0.95 * (1 - Math.pow((2 * x) / w, 2))
    const y = top * random() * 0.95 - 3
    o += ellipse(x, y, 4 + random() * 3, cols ? 3 : 1.6, cols ? cols[i % cols.length] : bitC || (random() > 0.5 ? darker(c, 0.25) : lighter(c, 0.35)), {
      s: null,
      o: 0.9,
    })
  }
  return o + path(`M${-w / 2} 0 C${-w / 3} ${-h * 1.3} ${w / 3} ${-h * 1.3} ${w / 2} 0`, "none")
}
export function branchPile({ w = 260, seed = 4 } = {}) {
  const random = seededRandom(seed)
  let o = ""
  for (let i = 0; i < 16; i++) {
    const x = (random() - 0.5) * w * 0.8
    const y = -random() * 50 - 5
    const a = (random() - 0.5) * 0.7
    const L = 60 + random() * 80
    const x2 = x + Math.cos(a) * L
    const y2 = y + Math.sin(a) * L * 0.4
    o += line(x, y, x2, y2, mix(PALETTE.s1, PALETTE.a2, 0.25), 1.4)
    o += line((x + x2) / 2, (y + y2) / 2, (x + x2) / 2 + 14, (y + y2) / 2 - 16, mix(PALETTE.s1, PALETTE.a2, 0.25), 0.8)
  }
  for (let i = 0; i < 26; i++) {
    const x = (random() - 0.5) * w * 0.9
    const y = -random() * 70 - 10
    const c = [PALETTE.l1, PALETTE.l2, darker(PALETTE.l1, 0.2)][i % 3]
    o += ellipse(x, y, 16 + random() * 12, 9 + random() * 6, c, { m: 0.6 })
  }
  return o
}
