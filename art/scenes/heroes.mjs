// Hero posters / loops, 1920×1080 viewBox. Left ~55% stays dark and calm for white headline text.
import { PALETTE, wave, frac, mix, SOIL, seededRandom, place, round2, rect, circle, path, line, linearGradient } from "../lib/core.mjs"
import { tree, bush, cloud, puffs, cropField, soilSection } from "../lib/landscape.mjs"
import { stack, pylon, pylonArms, wire, hall, fan, airCooledCondenser } from "../lib/power-plant.mjs"
import { glowHalo, kiln, retort, biocharUnit, charcoalHeap } from "../lib/kilns-and-charcoal.mjs"
import { conveyor, trommel, shredder } from "../lib/waste-machines.mjs"
import { scene, heroSky, heroHills, heroOverlay } from "./common.mjs"

const W = 1920
const H = 1080
const NIGHT_GROUND = mix(PALETTE.g2, PALETTE.g1, 0.35)

function driftingClouds(ctx, y, n, seed, c = PALETTE.g1, o = 0.5) {
  // clouds drifting across the full width; wraps seamlessly once per loop
  const random = seededRandom(seed)
  let s = ""
  for (let i = 0; i < n; i++) {
    const x = -200 + frac(ctx.t, 1, i / n + random() * 0.1) * (W + 400)
    s += place(x, y + random() * 120, 1.4 + random(), () => cloud(c, o))
  }
  return s
}

export const hero1 = scene(
  W,
  H,
  (ctx) => {
    const hz = 780
    let o = heroSky(ctx, W, H, hz, { warm: 0.35 })
    o += driftingClouds(ctx, 140, 4, 2, mix(PALETTE.g1, PALETTE.s1, 0.3), 0.35)
    o += heroHills(ctx, W, H, hz, 4)
    // pylons receding to the left (dim silhouettes)
    const py = [
      [260, 830, 0.55],
      [620, 850, 0.75],
      [1010, 880, 1],
    ]
    const ph = 300
    for (const [x, y, s] of py) o += place(x, y, s, () => pylon({ h: ph, c: mix(PALETTE.s1, PALETTE.g1, 0.3) }))
    const arms = pylonArms(ph)
    for (let i = 0; i < py.length; i++) {
      const [x1, y1, s1] = py[i]
      const [x2, y2, s2] = i + 1 < py.length ? py[i + 1] : [1240, 700, 1]
      for (const [ax, ay] of arms.slice(0, 4)) {
        const e = i + 1 < py.length ? [x2 + ax * s2, y2 + ay * s2] : [1240, 640 + ay * 0.2]
        o += wire(x1 + ax * s1, y1 + ay * s1, e[0], e[1], 18, mix(PALETTE.s1, PALETTE.g1, 0.2), 0.5)
      }
    }
    o += rect(0, 860, W, H - 860, NIGHT_GROUND, { s: null })
    // stacks with steam
    o += place(1360, 860, 1, () => stack({ w: 58, h: 560, c: mix(PALETTE.s2, PALETTE.w, 0.2) }))
    o += place(1450, 860, 1, () => stack({ w: 48, h: 470, c: mix(PALETTE.s2, PALETTE.w, 0.1) }))
    o += place(1360, 296, 1, () => puffs(ctx, { n: 7, rise: 300, r: 24, drift: 150, k: 1, c: PALETTE.w, o: 0.7, spread: 8, seed: 4 }))
    o += place(1450, 386, 1, () => puffs(ctx, { n: 6, rise: 260, r: 20, drift: 130, k: 1, c: PALETTE.w, o: 0.6, spread: 8, seed: 9 }))
    // turbine hall
    o += place(1160, 900, 1, () => hall({ w: 560, h: 280, c: mix(PALETTE.s2, PALETTE.w, 0.35), rc: PALETTE.g1, win: PALETTE.a1 }))
    // turbine-hall ventilation fans
    o += place(1250, 760, 1, () => fan(ctx, { r: 44, k: 3, n: 5, c: PALETTE.s2, ring: PALETTE.s1 }))
    o += place(1360, 760, 1, () => fan(ctx, { r: 44, k: 3, n: 5, c: PALETTE.s2, ring: PALETTE.s1 }))
    // air-cooled condenser (low-water)
    o += place(1640, 900, 0.9, () => airCooledCondenser(ctx, { w: 300, h: 190, fans: 3, k: 4 }))
    // transformer
    o += rect(1560, 850, 70, 50, PALETTE.s1) + rect(1568, 830, 12, 20, PALETTE.s2) + rect(1608, 830, 12, 20, PALETTE.s2)
    // foreground
    o += rect(0, 900, W, H - 900, mix(PALETTE.g2, PALETTE.g1, 0.15), { s: null })
    o += rect(0, 900, W, 6, PALETTE.g1, { s: null })
    for (const x of [1120, 1740, 1860]) o += place(x, 940, 1.2, () => tree({ c: PALETTE.g1, trunk: PALETTE.g2 }))
    for (let x = 1080; x < W; x += 150) o += place(x + 40, 1020, 1.3, () => bush(mix(PALETTE.g1, PALETTE.l1, 0.25)))
    o += heroOverlay(ctx, W, H)
    return o
  },
  { lineWeight: 4 },
)

export const hero2 = scene(
  W,
  H,
  (ctx, defs) => {
    const hz = 760
    let o = heroSky(ctx, W, H, hz, { warm: 0.5, warmX: 0.72 })
    o += driftingClouds(ctx, 120, 3, 5, mix(PALETTE.g1, PALETTE.s1, 0.3), 0.3)
    o += heroHills(ctx, W, H, hz, 8)
    for (const x of [1120, 1190, 1600, 1880]) o += place(x, 800, 1.1, () => tree({ kind: "pine", c: mix(PALETTE.g2, PALETTE.g1, 0.5), trunk: PALETTE.g2 }))
    o += rect(0, 820, W, H - 820, NIGHT_GROUND, { s: null })
    // retort in the back with smoke
    o += place(1220, 850, 0.75, () => retort(ctx, defs, { w: 300, h: 110 }))
    o += place(1270, 620, 1, () => puffs(ctx, { n: 6, rise: 280, r: 22, drift: 170, k: 1, c: mix(PALETTE.s2, PALETTE.w, 0.3), o: 0.45, seed: 2 }))
    // glow on ground
    o += place(1500, 930, 1, () => glowHalo(ctx, defs, 420, { k: 2, o: 0.5 }))
    // kiln
    o += place(1500, 950, 1.45, () => kiln(ctx, defs, { w: 330, h: 240, k: 2 }))
    // kiln chimney smoke
    o += place(1500 + 165 * 0.45 * 1.45 + 24, 950 - 240 * 1.05 * 1.45, 1, () =>
      puffs(ctx, { n: 7, rise: 330, r: 26, drift: 200, k: 1, c: mix(PALETTE.s2, PALETTE.w, 0.2), o: 0.5, seed: 6 }),
    )
    // charcoal heap right
    o += place(1800, 1010, 1, () => charcoalHeap({ w: 380, h: 170, seed: 3, r: 18 }))
    // glowing embers in heap
    const random = seededRandom(31)
    for (let i = 0; i < 7; i++) {
      const a = 0.5 + 0.5 * wave(ctx.t, 2 + (i % 3), random())
      o += circle(1700 + random() * 200, 960 + random() * 40, 4 + random() * 3, PALETTE.a1, { s: null, o: round2(a * 0.9) })
    }
    // wood stack left of kiln
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 5 - r; c++) {
        const x = 1130 + c * 38 + r * 19
        const y = 1010 - r * 34
        o += circle(x, y, 18, mix(PALETTE.a1, PALETTE.s1, 0.45)) + circle(x, y, 8, "none", { s: mix(PALETTE.a2, PALETTE.s1, 0.5), m: 0.5 })
      }
    // sparks rising
    for (let i = 0; i < 8; i++) {
      const p = frac(ctx.t, 2, i / 8)
      o += circle(1500 + (random() - 0.5) * 80 + p * 40, 880 - p * 260, 3, PALETTE.a1, { s: null, o: round2(Math.sin(Math.PI * p)) })
    }
    o += heroOverlay(ctx, W, H)
    return o
  },
  { lineWeight: 4 },
)

export const hero3 = scene(
  W,
  H,
  (ctx, defs) => {
    const hz = 700
    let o = heroSky(ctx, W, H, hz, { warm: 0.45, warmX: 0.85 })
    o += driftingClouds(ctx, 100, 4, 9, mix(PALETTE.g1, PALETTE.s1, 0.3), 0.35)
    o += heroHills(ctx, W, H, hz, 12)
    for (let i = 0; i < 9; i++) o += place(1100 + i * 95, 740 + (i % 2) * 6, 0.8, () => tree({ c: mix(PALETTE.g1, PALETTE.l1, 0.35), trunk: PALETTE.g2 }))
    o += place(0, 740, 1, () => cropField({ w: W, h: H - 740, rows: 26, vx: 0.7, soil: mix(SOIL, PALETTE.g2, 0.35), crop: mix(PALETTE.l1, PALETTE.g1, 0.25) }))
    // swaying crop tufts in the foreground right
    const random = seededRandom(5)
    for (let i = 0; i < 26; i++) {
      const x = 1080 + random() * 840
      const y = 920 + random() * 150
      const sw = 6 * wave(ctx.t, 2, x / 400)
      const s = 0.7 + (y - 920) / 200
      o += path(
        `M${round2(x)} ${round2(y)} Q${round2(x - 6 * s)} ${round2(y - 22 * s)} ${round2(x - 14 * s + sw)} ${round2(y - 40 * s)} M${round2(x)} ${round2(y)} Q${round2(x + 4)} ${round2(y - 26 * s)} ${round2(x + 12 * s + sw)} ${round2(y - 44 * s)} M${round2(x)} ${round2(y)} L${round2(x + sw * 0.6)} ${round2(y - 50 * s)}`,
        "none",
        { s: PALETTE.l1, m: 0.9 },
      )
    }
    // biochar unit
    o += place(1500, 860, 1.25, () => biocharUnit(ctx, defs))
    // soil bank cutaway with biochar
    o += place(1180, 1010, 1, () => soilSection({ w: 760, h: 80, seed: 4 }))
    o += heroOverlay(ctx, W, H)
    return o
  },
  { lineWeight: 4 },
)

export const hero4 = scene(
  W,
  H,
  (ctx, defs) => {
    const floor = 900
    // dark hall interior
    let o = rect(
      0,
      0,
      W,
      H,
      linearGradient(defs, [
        [0, PALETTE.g2],
        [1, mix(PALETTE.g1, PALETTE.g2, 0.3)],
      ]),
      { s: null },
    )
    for (let x = 80; x < W; x += 300) {
      o += rect(x, 80, 200, 150, mix(PALETTE.g1, PALETTE.l1, 0.25), { s: mix(PALETTE.g2, PALETTE.k, 0.3), o: 0.55 })
      o += line(x + 100, 80, x + 100, 230, mix(PALETTE.g2, PALETTE.k, 0.3), 0.8) + line(x, 155, x + 200, 155, mix(PALETTE.g2, PALETTE.k, 0.3), 0.8)
    }
    for (let x = 0; x < W; x += 300) o += rect(x - 16, 0, 32, floor, mix(PALETTE.g2, PALETTE.k, 0.25), { s: null })
    o += rect(0, 0, W, 40, mix(PALETTE.g2, PALETTE.k, 0.35), { s: null })
    // light shafts from the windows (upper left light)
    o += path("M880 230 L1080 230 L1500 900 L1200 900 Z", PALETTE.l2, { s: null, o: 0.06 })
    o += path("M1480 230 L1680 230 L2100 900 L1800 900 Z", PALETTE.l2, { s: null, o: 0.06 })
    o += rect(0, floor, W, H - floor, mix(PALETTE.g2, PALETTE.s1, 0.3), { s: null })
    o += line(0, floor, W, floor, PALETTE.k, 1)
    // trommel
    o += place(1170, 560, 1, () => trommel(ctx, { len: 400, r: 80, tilt: 5, ground: floor - 560, c: PALETTE.l1, k: 1 }))
    // shredder
    o += place(1770, floor, 0.72, () => shredder(ctx, { c: PALETTE.a1 }))
    // foreground sorting conveyor
    o += place(1040, 980, 1, () => conveyor(ctx, { len: 900, angle: 0, bh: 24, ground: 120, n: 9, k: 2, itemScale: 2.3, frame: PALETTE.g1, seed: 7 }))
    o += heroOverlay(ctx, W, H)
    return o
  },
  { lineWeight: 4 },
)

export const heroes = { "hero-1": hero1, "hero-2": hero2, "hero-3": hero3, "hero-4": hero4 }
