// Every still illustration (except hero posters). Each entry: { path, w, h, draw(t, size) }.
import {
  PALETTE,
  UV,
  TAU,
  mix,
  darker,
  lighter,
  SOIL,
  STRAW,
  COAL,
  WOOD,
  seededRandom,
  place,
  group,
  round2,
  rect,
  circle,
  ellipse,
  path,
  polygon,
  line,
  box,
  linearGradient,
  radialGradient,
} from "../lib/core.mjs"
import { tree, bush, puffs, cropField, soilSection, mound, branchPile } from "../lib/landscape.mjs"
import { stack, pylon, hall, fan, steamTurbine, compactAirCooledCondenser, valve, gasifier, cyclone } from "../lib/power-plant.mjs"
import { glowHalo, kiln, retort, biocharUnit, charcoalLump, charcoalHeap, briquette, sack } from "../lib/kilns-and-charcoal.mjs"
import {
  conveyor,
  trommel,
  shredder,
  overbandMagnet,
  sortingTable,
  thermolyzer,
  uvChamber,
  airSeparator,
  craneGrab,
  woodChipper,
} from "../lib/waste-machines.mjs"
import { wheelieBin, medicalWasteBin, truck, recyclablesBale, bottle, recycleSymbol } from "../lib/collection-and-recyclables.mjs"
import { bale, roundBale, strawHeap, tractor, baleTrailer, barn, silo, fence } from "../lib/farm.mjs"
import { shedInterior, pallet, palletTruck } from "../lib/shed-and-pallets.mjs"
import { scene, daySky, dayHills, dayGround, treeLine, shadow, interior, studio, GRASS } from "./common.mjs"

const FLUFF = [PALETTE.w, PALETTE.l2, PALETTE.a1, PALETTE.s2, PALETTE.l1, PALETTE.a2, PALETTE.s1]
const FLUFF_BASE = mix(PALETTE.s2, PALETTE.w, 0.45)

// ---------------------------------------------------------------- helpers
function outdoor(ctx, W, H, hz, gy, seed = 2, trees = true) {
  let o = daySky(ctx, W, H, hz)
  o += dayHills(ctx, W, hz, seed)
  if (trees) o += treeLine(W, hz + 40, 9, seed, W / 1500)
  o += dayGround(ctx, W, H, gy)
  return o
}
function logStack(x, y, n = 4, r = 18) {
  let o = ""
  for (let row = 0; row < n; row++)
    for (let c = 0; c < n - row + 1; c++) {
      const cx = x + c * r * 2.1 + row * r
      const cy = y - r - row * r * 1.8
      o += circle(cx, cy, r, mix(PALETTE.a1, PALETTE.s1, 0.4)) + circle(cx, cy, r * 0.45, "none", { s: mix(PALETTE.a2, PALETTE.s1, 0.45), m: 0.5 })
    }
  return o
}
function gear(cx, cy, r, n, c, { hole = 0.35, m = 1 } = {}) {
  let d = ""
  for (let i = 0; i < n * 2; i++) {
    const a0 = (TAU * i) / (n * 2)
    const a1 = (TAU * (i + 1)) / (n * 2)
    const rr = i % 2 ? r * 0.8 : r
    d += `${i ? "L" : "M"}${round2(cx + Math.cos(a0 + 0.06) * rr)} ${round2(cy + Math.sin(a0 + 0.06) * rr)} L${round2(cx + Math.cos(a1 - 0.06) * rr)} ${round2(cy + Math.sin(a1 - 0.06) * rr)} `
  }
  return path(d + "Z", c, { m }) + circle(cx, cy, r * hole, PALETTE.w, { m })
}

// ---------------------------------------------------------------- products (light studio)
// Each machine is drawn in its own coordinates (ground line at y = 742). PRODUCT_BOX holds the
// measured extent [x0, y0, x1] of that drawing; product() scales and centres it so that it spans
// PRODUCT_FILL of the frame width (never closer than PRODUCT_TOP to the top edge) and adds the
// ground shadow. Re-measure with `node scripts/art/measure-products.mjs` after changing a machine.
const GY = 742
const PRODUCT_FILL = 0.76
const PRODUCT_TOP = 90
export const productMachines = {
  "conveyor-belt": (ctx) =>
    place(250, 612, 1, () =>
      polygon(
        [
          [-70, -120],
          [40, -120],
          [20, -40],
          [-20, -40],
        ],
        PALETTE.s2,
      ),
    ) +
    place(220, 622, 1, () => conveyor(ctx, { len: 760, angle: -16, bh: 26, ground: 120, n: 10, k: 1, itemScale: 1.5, seed: 3 })) +
    place(220, 622, 1, () => box(-40, 100, 80, 20, PALETTE.s1)),
  "trommel-screening": (ctx) =>
    place(320, 432, 1, () => trommel(ctx, { len: 560, r: 110, tilt: 5, ground: 310, c: PALETTE.l1 })) +
    place(930, 742, 1, () => mound({ w: 180, h: 60, c: FLUFF_BASE, cols: FLUFF, seed: 2 })) +
    place(600, 742, 1, () => mound({ w: 150, h: 40, c: SOIL, seed: 5 })),
  "sorting-table": (ctx) => place(560, 742, 1.1, () => sortingTable(ctx)),
  shredder: (ctx) => place(560, 742, 1.35, () => shredder(ctx, { c: PALETTE.l1 })),
  "magnetic-separator": (ctx) => {
    // gantry
    let o = rect(250, 250, 14, 492, PALETTE.s1) + rect(930, 250, 14, 492, PALETTE.s1) + rect(230, 236, 740, 22, PALETTE.g1)
    o += place(600, 258, 1.3, () => overbandMagnet(ctx, { w: 300, c: PALETTE.a1 }))
    o += place(160, 560, 1, () => conveyor(ctx, { len: 820, angle: 0, bh: 26, ground: 182, n: 9, k: 1, itemScale: 1.5, seed: 8 }))
    // ferrous bits discharged into bin at right
    o += box(1000, 600, 130, 142, PALETTE.s1, { side: 0.25 })
    for (let i = 0; i < 6; i++) o += rect(1020 + i * 16, 590 - (i % 2) * 8, 14, 10, PALETTE.s2, { m: 0.5 })
    for (let i = 0; i < 4; i++) o += rect(470 + i * 70, 440, 16, 8, PALETTE.s2, { m: 0.5 })
    return o
  },
  thermolyzer: (ctx, defs) => place(640, 742, 1, () => thermolyzer(ctx, defs)),
  "uv-sanitization-chamber": (ctx, defs) => place(600, 742, 1.1, () => uvChamber(ctx, defs, { ends: 60 })),
  "air-separator": (ctx) => place(640, 742, 1.05, () => airSeparator(ctx)),
}
const PRODUCT_BOX = {
  "conveyor-belt": [178, 387, 965],
  "trommel-screening": [258, 250, 1022],
  "sorting-table": [217, 300, 1013],
  shredder: [293, 295, 913],
  "magnetic-separator": [145, 234, 1132],
  thermolyzer: [208, 320, 1042],
  "uv-sanitization-chamber": [210, 338, 990],
  "air-separator": [189, 298, 1015],
}
const product = (name) =>
  scene(1200, 900, (ctx, defs) => {
    const [x0, y0, x1] = PRODUCT_BOX[name]
    const s = Math.min((1200 * PRODUCT_FILL) / (x1 - x0), (GY - PRODUCT_TOP) / (GY - y0))
    const cx = (x0 + x1) / 2
    const w = (x1 - x0) * s
    return studio(ctx, 1200, 900, 700) + shadow(600, GY, w * 0.47, 26) + place(600 - cx * s, GY - GY * s, s, () => productMachines[name](ctx, defs))
  })
const products = Object.fromEntries(Object.keys(productMachines).map((n) => [n, product(n)]))

// ---------------------------------------------------------------- gallery
const galleryScene = (draw) => scene(1200, 900, draw)
const gallery = {
  "01": galleryScene((ctx) => {
    // on site: the RDF bunker of a working plant — shredder line dropping fluff in, crane grab feeding the boiler hopper
    let o = interior(ctx, 1200, 900, 520)
    // boiler feed hopper + chute on a platform at right
    o += rect(930, 300, 270, 16, PALETTE.g1) + rect(960, 316, 14, 204, PALETTE.s1) + rect(1160, 316, 14, 204, PALETTE.s1)
    o +=
      polygon(
        [
          [960, 180],
          [1180, 180],
          [1110, 300],
          [1030, 300],
        ],
        PALETTE.s2,
      ) +
      polygon(
        [
          [1090, 180],
          [1180, 180],
          [1110, 300],
          [1075, 300],
        ],
        PALETTE.s1,
        { s: null },
      )
    o +=
      polygon(
        [
          [960, 180],
          [1180, 180],
          [1110, 300],
          [1030, 300],
        ],
        "none",
      ) + rect(1040, 300, 60, 50, PALETTE.s1)
    o += box(1030, 350, 170, 170, mix(PALETTE.s2, PALETTE.w, 0.25), { side: 0.14 })
    for (let x = 1045; x < 1170; x += 16) o += line(x, 360, x, 510, mix(PALETTE.s2, PALETTE.w, 0.05), 0.4)
    // railing on the platform
    o += line(930, 260, 1200, 260, PALETTE.a1, 1) + line(930, 260, 930, 300, PALETTE.a1, 0.8)
    // shredder on the tipping floor at left, its discharge conveyor running into the bunker
    o += place(150, 520, 0.62, () => shredder(ctx, { c: PALETTE.l1 }))
    o += place(230, 505, 1, () => conveyor(ctx, { len: 240, angle: 10, bh: 16, ground: 15, n: 5, k: 1, itemScale: 0.9, seed: 5 }))
    // crane rails, bridge and trolley
    o += rect(0, 96, 1200, 22, PALETTE.s1, { s: null }) + line(0, 118, 1200, 118, PALETTE.k, 0.6)
    o += box(0, 118, 1200, 30, PALETTE.a1, { side: 0.02 })
    o += box(690, 148, 120, 34, PALETTE.g1, { side: 0.2 })
    o += line(730, 182, 730, 356, PALETTE.k, 0.8) + line(770, 182, 770, 356, PALETTE.k, 0.8)
    o += place(750, 356, 1, () => craneGrab({ cols: FLUFF }))
    // bunker: concrete walls cut away, fluff fill
    o += rect(0, 560, 1200, 340, mix(PALETTE.s2, PALETTE.w, 0.15), { s: null })
    o += place(600, 900, 1, () => mound({ w: 1500, h: 260, c: FLUFF_BASE, cols: FLUFF, bits: 520, seed: 8 }))
    o += rect(0, 548, 1200, 16, mix(PALETTE.s2, PALETTE.w, 0.5)) + line(0, 564, 1200, 564, PALETTE.s1, 0.6)
    o += rect(-10, 548, 50, 360, mix(PALETTE.s2, PALETTE.w, 0.3)) + rect(1160, 548, 50, 360, darker(mix(PALETTE.s2, PALETTE.w, 0.3), 0.15))
    // fluff dropping off the shredder belt and out of the grab
    const random = seededRandom(9)
    for (let i = 0; i < 10; i++) o += ellipse(478 + random() * 18, 560 + i * 12, 5, 3, FLUFF[i % FLUFF.length], { s: null })
    for (let i = 0; i < 7; i++) o += ellipse(730 + random() * 40, 530 + i * 18, 5, 3, FLUFF[(i + 3) % FLUFF.length], { s: null })
    // bunker wall markings
    for (let i = 0; i < 4; i++) o += rect(1168, 600 + i * 60, 30, 12, i % 2 ? PALETTE.k : PALETTE.a1, { s: null })
    return o
  }),
  "02": galleryScene((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 560, 720, 3)
    o += place(940, 730, 0.8, () => hall({ w: 300, h: 200, c: mix(PALETTE.s2, PALETTE.w, 0.35), rc: PALETTE.g1 }))
    o += shadow(500, 772, 200, 18) + place(480, 770, 1.2, () => gasifier(ctx, defs))
    o += place(790, 760, 1.1, () => cyclone({ w: 90, h: 260 }))
    o += path("M668 270 L790 270 L790 440", "none", { s: PALETTE.k, m: 9 }) + path("M668 270 L790 270 L790 440", "none", { s: PALETTE.a2, m: 7 })
    o += place(180, 780, 1, () => mound({ w: 260, h: 90, c: FLUFF_BASE, cols: FLUFF, seed: 3 }))
    return o
  }),
  "03": galleryScene((ctx) => {
    let o = interior(ctx, 1200, 900, 600)
    // overhead crane
    o +=
      rect(0, 210, 1200, 26, PALETTE.a1) +
      line(700, 236, 700, 330, PALETTE.s1, 1.2) +
      path("M692 330 h16 v14 a10 10 0 1 1 -16 6", "none", { s: PALETTE.s1, m: 1.4 })
    o += shadow(620, 760, 330, 20) + place(320, 760, 1.12, () => steamTurbine(ctx, { c: PALETTE.l1, gen: PALETTE.g1 }))
    // condensate pipes (low water loop)
    o +=
      path("M360 540 L360 480 L160 480 L160 760", "none", { s: PALETTE.k, m: 7 }) + path("M360 540 L360 480 L160 480 L160 760", "none", { s: PALETTE.l2, m: 5 })
    return o
  }),
  "04": galleryScene((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 700, 5)
    o += place(520, 600, 1, () => glowHalo(ctx, defs, 200, { k: 1, o: 0.3 }))
    o += shadow(540, 772, 260, 20) + place(520, 770, 1.35, () => kiln(ctx, defs, { w: 330, h: 240 }))
    o += place(520 + 165 * 0.45 * 1.35 + 22, 770 - 252 * 1.35, 1, () =>
      puffs(ctx, { n: 6, rise: 260, r: 22, drift: 120, k: 1, c: mix(PALETTE.s2, PALETTE.w, 0.3), o: 0.7, seed: 3 }),
    )
    o += place(960, 830, 1, () => charcoalHeap({ w: 320, h: 140, seed: 9, r: 16 }))
    o += logStack(80, 820, 4, 20)
    return o
  }),
  "05": galleryScene((ctx) => {
    // charcoal store: sacks on a pallet, briquette crates and a lump heap in a timber shed
    const random = seededRandom(17)
    let o = shedInterior(ctx, 1200, 900, 600, { door: [60, 260] })
    // plank bay walls holding the lump heap (right)
    for (let y = 470; y < 600; y += 32) o += rect(640, y, 560, 28, darker(WOOD, 0.12), { m: 0.7 })
    o += place(900, 840, 1, () => charcoalHeap({ w: 560, h: 300, seed: 4, r: 30 }))
    // bay wall boards behind the heap
    // pallet of stacked sacks (centre-left)
    o += shadow(400, 842, 200, 14) + place(240, 842, 1, () => pallet({ w: 330 }))
    for (let row = 0; row < 3; row++)
      for (let c = 0; c < 3 - row; c++) {
        o += place(305 + c * 100 + row * 50, 816 - row * 118, 1, () => sack({ h: 130 }))
      }
    // briquettes in a crate
    o += place(40, 880, 1, () => box(0, -110, 190, 110, WOOD, { side: 0.22 }))
    for (let i = 0; i < 3; i++) o += line(46, 880 - 28 - i * 28, 180, 880 - 28 - i * 28, darker(WOOD, 0.3), 0.5)
    const bq = []
    for (let row = 0; row < 2; row++) for (let c = 0; c < 4 - row; c++) bq.push([62 + c * 42 + row * 21, 762 - row * 22])
    for (const [x, y] of bq) o += briquette(x, y, 20, random)
    // spilled lumps + pallet truck
    for (let i = 0; i < 7; i++) o += charcoalLump(640 + i * 70, 872 - (i % 2) * 8, 16, random)
    o += place(600, 842, 1, () => palletTruck({}))
    return o
  }),
  "06": galleryScene((ctx) => {
    let o = daySky(ctx, 1200, 900, 380)
    o += dayHills(ctx, 1200, 380, 7) + treeLine(1200, 420, 10, 7, 0.7)
    o += place(0, 430, 1, () => cropField({ w: 1200, h: 470, rows: 18, vx: 0.55, soil: SOIL, crop: PALETTE.l1 }))
    // biochar bands spread between rows in the foreground
    const random = seededRandom(4)
    for (let i = 0; i < 240; i++) {
      const y = 560 + Math.pow(random(), 0.7) * 340
      const x = random() * 1200
      o += charcoalLump(x, y, 2 + (y - 540) / 40, random)
    }
    o += place(210, 760, 1, () => sack({ h: 170 })) + place(330, 800, 1, () => sack({ h: 150 }))
    o += place(1000, 840, 1, () => mound({ w: 240, h: 80, c: COAL, bitC: PALETTE.s1, seed: 6 }))
    return o
  }),
  "07": galleryScene((ctx) => {
    // on site: trommel in the screening yard, fed by a conveyor from the tipping pile, oversize carried away
    let o = outdoor(ctx, 1200, 900, 470, 620, 9)
    o += place(700, 610, 0.75, () => hall({ w: 620, h: 200, c: mix(PALETTE.s2, PALETTE.w, 0.35), rc: PALETTE.g1 }))
    o += place(1110, 620, 1, () => stack({ w: 30, h: 300 }))
    o += rect(0, 640, 1200, 260, mix(PALETTE.s2, PALETTE.w, 0.3), { s: null }) + line(0, 640, 1200, 640, PALETTE.s1, 0.6)
    // parked truck in the background
    o += place(880, 652, 0.42, () => truck({ c: PALETTE.g1 }))
    // tipping pile + feed conveyor up to the hopper
    o += place(130, 860, 1, () => mound({ w: 320, h: 120, c: FLUFF_BASE, cols: FLUFF, bits: 150, seed: 11 }))
    o += place(60, 790, 1, () => conveyor(ctx, { len: 516, angle: -31.6, bh: 18, ground: 50, n: 8, k: 1, itemScale: 1, seed: 4 }))
    // trommel (smaller, mid-ground)
    o += shadow(690, 792, 200, 12) + place(520, 628, 0.55, () => trommel(ctx, { len: 520, r: 100, tilt: 5, ground: 295, c: PALETTE.l1 }))
    o += place(680, 800, 1, () => mound({ w: 150, h: 36, c: SOIL, seed: 3 }))
    // oversize conveyor out of the drum end to a stockpile at right
    o += place(800, 720, 1, () => conveyor(ctx, { len: 250, angle: -20, bh: 16, ground: 80, n: 5, k: 1, itemScale: 0.9, seed: 9 }))
    o += place(1070, 850, 1, () => mound({ w: 280, h: 150, c: FLUFF_BASE, cols: FLUFF, bits: 140, seed: 2 }))
    const random = seededRandom(7)
    for (let i = 0; i < 6; i++) o += ellipse(1040 + random() * 10, 650 + i * 14, 5, 3, FLUFF[i % FLUFF.length], { s: null })
    for (let i = 0; i < 5; i++) o += ellipse(500 + random() * 10, 524 + i * 10, 5, 3, FLUFF[(i + 2) % FLUFF.length], { s: null })
    return o
  }),
  "08": galleryScene((ctx, defs) => {
    // on site: bins arrive on a pallet, pass the UV tunnel, and go on to the shredder; extraction duct overhead
    let o = interior(ctx, 1200, 900, 560)
    // extraction duct from the ceiling down onto the chamber
    o += path("M1200 250 L600 250 L600 440", "none", { s: PALETTE.k, m: 14 }) + path("M1200 250 L600 250 L600 440", "none", { s: PALETTE.s2, m: 12 })
    for (const x of [1000, 800]) o += line(x, 232, x, 268, PALETTE.s1, 0.8)
    // violet light pooling on the floor around the tunnel
    o += ellipse(
      560,
      720,
      380,
      50,
      radialGradient(defs, [
        [0, UV.glow, 0.55],
        [1, UV.glow, 0],
      ]),
      { s: null },
    )
    o += shadow(540, 722, 320, 16) + place(540, 720, 0.78, () => uvChamber(ctx, defs, { phase: 0.1 }))
    // outfeed onto an incline to the shredder
    o += place(872, 665, 1, () =>
      conveyor(ctx, { len: 180, angle: -27, bh: 14, ground: 55, n: 3, k: 1, items: true, itemScale: 0.8, frame: PALETTE.g1, seed: 6 }),
    )
    o += shadow(1080, 742, 110, 10) + place(1080, 740, 0.42, () => shredder(ctx, { c: PALETTE.l1 }))
    // bins waiting on a pallet
    o += shadow(140, 842, 130, 12) + place(20, 842, 1, () => pallet({ w: 240 }))
    for (let i = 0; i < 3; i++) o += place(62 + i * 78, 816, 1, () => medicalWasteBin({ c: i % 2 ? PALETTE.a2 : PALETTE.a1, h: 100 }))
    o += place(1050, 870, 1, () => medicalWasteBin({ c: PALETTE.a1, h: 110 }))
    return o
  }),
}

// ---------------------------------------------------------------- solutions
const solutionScene = (draw) => scene(1200, 900, draw)
const solutions = {
  "electricity-rdf-fluff": solutionScene((ctx) => {
    let o = interior(ctx, 1200, 900, 560)
    o += place(80, 560, 1, () => conveyor(ctx, { len: 620, angle: -14, bh: 22, ground: 80, n: 10, k: 1, items: true, seed: 12, itemScale: 1.1 }))
    // falling fluff from head pulley
    const random = seededRandom(3)
    for (let i = 0; i < 16; i++)
      o += path(`M${round2(690 + random() * 40)} ${round2(430 + i * 16)} c4 -4 8 4 12 0`, "none", { s: FLUFF[i % FLUFF.length], m: 1.3 })
    o += place(720, 860, 1, () => mound({ w: 820, h: 260, c: FLUFF_BASE, cols: FLUFF, bits: 420, seed: 5 }))
    o += place(170, 850, 1, () => wheelieBin({ c: PALETTE.l1 })) + place(260, 860, 1, () => wheelieBin({ c: PALETTE.g1 }))
    return o
  }),
  "electricity-gasification": solutionScene((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 720, 13)
    o += place(300, 780, 1.05, () => gasifier(ctx, defs)) + place(620, 780, 1.05, () => gasifier(ctx, defs, { c: mix(PALETTE.s2, PALETTE.w, 0.2) }))
    o += place(920, 780, 0.9, () => hall({ w: 260, h: 180, c: PALETTE.g1, rc: PALETTE.s1, win: PALETTE.a1 }))
    o +=
      place(1000, 600, 1, () => stack({ w: 34, h: 330 })) + place(1000, 270, 1, () => puffs(ctx, { n: 6, rise: 180, r: 14, drift: 60, c: PALETTE.w, o: 0.7 }))
    o +=
      path("M460 350 L560 350 M780 350 L900 350 L900 610", "none", { s: PALETTE.k, m: 8 }) +
      path("M460 350 L560 350 M780 350 L900 350 L900 610", "none", { s: PALETTE.a2, m: 6 })
    return o
  }),
  "electricity-steam-turbine": solutionScene((ctx) => {
    // inside the turbine-generator hall: casing, generator, live-steam pipes with stop valve, compact air-cooled condenser
    let o = interior(ctx, 1200, 900, 560)
    // live steam mains coming in from the boiler (top left) down to the stop valve
    const steamD = "M0 150 L330 150 Q386 150 386 206 L386 452"
    o += path(steamD, "none", { s: PALETTE.k, m: 13 }) + path(steamD, "none", { s: PALETTE.s2, m: 11 })
    const bleedD = "M0 230 L90 230 Q130 230 130 270 L130 705"
    o += path(bleedD, "none", { s: PALETTE.k, m: 9 }) + path(bleedD, "none", { s: lighter(PALETTE.a2, 0.35), m: 7 })
    for (const y of [260, 420]) o += rect(370, y, 32, 10, PALETTE.s1)
    o += rect(116, 560, 28, 8, PALETTE.s1)
    o += place(386, 340, 1, () => valve({ r: 28 })) + place(130, 480, 0.7, () => valve({ r: 24 }))
    // machine deck
    o += rect(0, 760, 1200, 24, mix(PALETTE.s2, PALETTE.w, 0.15)) + rect(0, 784, 1200, 116, mix(PALETTE.s2, PALETTE.w, 0.28), { s: null })
    for (let x = 40; x < 1200; x += 160) o += line(x, 760, x, 900, mix(PALETTE.s2, PALETTE.w, 0.05), 0.4)
    // turbine-generator set
    o += shadow(520, 762, 420, 14) + place(110, 760, 1.38, () => steamTurbine(ctx, { c: PALETTE.l1, gen: PALETTE.g1 }))
    // exhaust duct from the LP casing to the condenser
    const exD = "M480 500 L480 300 Q480 270 510 270 L1000 270 L1000 330"
    o += path(exD, "none", { s: PALETTE.k, m: 22 }) + path(exD, "none", { s: mix(PALETTE.s2, PALETTE.w, 0.2), m: 20 })
    o += path("M500 278 L980 278", "none", { s: lighter(PALETTE.s2, 0.6), m: 1.2 })
    // compact air-cooled condenser at right
    o += shadow(1010, 762, 150, 10) + place(880, 760, 1, () => compactAirCooledCondenser(ctx, { w: 260, h: 420, fans: 2 }))
    // condensate return (low, light green)
    o +=
      path("M900 700 L860 700 L860 740 L720 740", "none", { s: PALETTE.k, m: 7 }) + path("M900 700 L860 700 L860 740 L720 740", "none", { s: PALETTE.l2, m: 5 })
    // handrail along the deck edge
    o += line(0, 800, 1200, 800, PALETTE.a1, 1) + line(0, 830, 1200, 830, PALETTE.a1, 0.6)
    for (let x = 20; x < 1200; x += 120) o += line(x, 800, x, 860, PALETTE.a1, 0.8)
    return o
  }),
  "charcoal-feedstock": solutionScene((ctx) => {
    let o = outdoor(ctx, 1200, 900, 500, 660, 15)
    o += place(330, 790, 1.3, () => branchPile({ w: 420, seed: 2 }))
    o += logStack(640, 800, 4, 26)
    o += place(980, 820, 1, () => mound({ w: 300, h: 110, c: STRAW, seed: 9 }))
    o += place(260, 880, 1, () => mound({ w: 340, h: 70, c: mix(PALETTE.a1, PALETTE.s1, 0.45), seed: 4 }))
    return o
  }),
  "charcoal-kiln": solutionScene((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 680, 17)
    o += place(340, 790, 1.2, () => retort(ctx, defs)) + place(840, 800, 1.2, () => retort(ctx, defs, { c: mix(PALETTE.s1, PALETTE.g1, 0.3) }))
    o += place(340 + 135 * 1.2 + 14, 790 - 300 * 1.2, 1, () =>
      puffs(ctx, { n: 6, rise: 220, r: 18, drift: 90, c: mix(PALETTE.s2, PALETTE.w, 0.3), o: 0.7, seed: 8 }),
    )
    o += place(840 + 135 * 1.2 + 14, 800 - 300 * 1.2, 1, () =>
      puffs(ctx, { n: 6, rise: 220, r: 18, drift: 90, c: mix(PALETTE.s2, PALETTE.w, 0.3), o: 0.7, seed: 4 }),
    )
    o += place(600, 880, 1, () => charcoalHeap({ w: 300, h: 90, seed: 2, r: 14 }))
    return o
  }),
  "charcoal-product": solutionScene((ctx) => {
    const random = seededRandom(23)
    let o = rect(
      0,
      0,
      1200,
      900,
      linearGradient(ctx.defs, [
        [0, mix(PALETTE.l2, PALETTE.w, 0.6)],
        [1, PALETTE.w],
      ]),
      { s: null },
    )
    o += rect(0, 620, 1200, 280, mix(PALETTE.s2, PALETTE.w, 0.45), { s: null })
    for (const [x, h] of [
      [200, 300],
      [400, 330],
      [300, 260],
    ])
      o += place(x, 760 + (x === 300 ? 60 : 0), 1, () => sack({ h }))
    o += place(820, 820, 1, () => charcoalHeap({ w: 520, h: 240, seed: 6, r: 30 }))
    for (let i = 0; i < 6; i++) o += briquette(560 + i * 95, 860, 34, random)
    return o
  }),
  "biochar-agro-waste": solutionScene((ctx) => {
    // close-up: crop residue gathered into a heap for the biochar unit — loader bucket lifting straw, bales stacked behind
    let o = daySky(ctx, 1200, 900, 330, { clouds: true }) + dayHills(ctx, 1200, 330, 19)
    o += place(0, 380, 1, () => cropField({ w: 1200, h: 520, rows: 14, vx: 0.35, soil: mix(STRAW, SOIL, 0.35), crop: STRAW }))
    // stacked square bales behind the heap
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4 - r; c++) o += place(520 + c * 150 + r * 75, 560 - r * 78, 1, () => bale({ w: 150, h: 78 }))
    // tractor with front loader arriving from the right, bucket raised over the heap
    o += shadow(1000, 842, 240, 16) + place(880, 842, 1.45, () => tractor(ctx, { loader: true, lift: 90 }))
    // the residue heap (foreground, large)
    o += shadow(420, 872, 380, 20) + place(420, 872, 1, () => strawHeap({ w: 760, h: 330, seed: 6 }))
    // round bale cropped by the left edge, loose stalks in the foreground
    o += place(-30, 900, 1.6, () => roundBale({ r: 110 }))
    const random = seededRandom(8)
    for (let i = 0; i < 60; i++) {
      const x = random() * 1200
      const y = 880 + random() * 20
      o += line(x, y, x + 20 + random() * 20, y - 4 - random() * 8, i % 2 ? lighter(STRAW, 0.3) : darker(STRAW, 0.25), 0.5)
    }
    // straw falling from the bucket
    for (let i = 0; i < 8; i++) o += line(700 + random() * 50, 450 + i * 24, 712 + random() * 50, 460 + i * 24, darker(STRAW, 0.15), 0.6)
    return o
  }),
  "biochar-kiln": solutionScene((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 480, 660, 21)
    o += shadow(560, 782, 260, 18) + place(520, 780, 1.3, () => biocharUnit(ctx, defs))
    o += place(80, 840, 1, () => bale({ w: 160, h: 80 })) + place(90, 760, 1, () => bale({ w: 140, h: 80 }))
    return o
  }),
  "biochar-field": solutionScene((ctx) => {
    let o = daySky(ctx, 1200, 900, 330) + dayHills(ctx, 1200, 330, 23) + treeLine(1200, 360, 10, 5, 0.6)
    o += place(0, 370, 1, () => cropField({ w: 1200, h: 250, rows: 20, vx: 0.5 }))
    o += rect(0, 600, 1200, 14, GRASS, { s: null })
    o += place(0, 612, 1, () => soilSection({ w: 1200, h: 288, seed: 9 }))
    // young plants on the cut face
    for (let x = 60; x < 1200; x += 120)
      o += path(`M${x} 612 L${x} 560 M${x} 580 c-20 -10 -26 -26 -22 -34 c14 4 22 18 22 34 M${x} 570 c18 -12 28 -26 26 -34 c-16 4 -24 18 -26 34`, PALETTE.l1, {
        m: 0.9,
      })
    return o
  }),
}

// ---------------------------------------------------------------- services (1200×800)
const serviceScene = (draw) => scene(1200, 800, draw)
const services = {
  msw: serviceScene((ctx) => {
    let o = outdoor(ctx, 1200, 800, 440, 600, 25)
    o += place(560, 600, 0.8, () => hall({ w: 600, h: 220, c: mix(PALETTE.s2, PALETTE.w, 0.35), rc: PALETTE.g1 }))
    o += rect(0, 640, 1200, 100, mix(PALETTE.s2, PALETTE.w, 0.3), { s: null }) + line(0, 690, 1200, 690, PALETTE.w, 1.5)
    o += shadow(420, 708, 260, 14) + place(180, 700, 1.05, () => truck({ c: PALETTE.g1 }))
    const cols = [PALETTE.l1, PALETTE.g1, PALETTE.a1, PALETTE.s1, PALETTE.l1]
    for (let i = 0; i < 5; i++) o += place(760 + i * 90, 760 + (i % 2) * 10, 1, () => wheelieBin({ c: cols[i], h: 120 }))
    return o
  }),
  horticulture: serviceScene((ctx) => {
    let o = outdoor(ctx, 1200, 800, 420, 580, 27)
    for (const [x, s] of [
      [120, 1.6],
      [1080, 1.8],
      [960, 1.3],
    ])
      o += place(x, 640, s, () => tree({ c: PALETTE.l1 }))
    o += place(420, 720, 1.2, () => branchPile({ w: 420, seed: 7 }))
    o += place(840, 730, 1.05, () => woodChipper(ctx))
    o += place(1020, 760, 1, () => mound({ w: 220, h: 60, c: mix(PALETTE.a1, PALETTE.s1, 0.4), seed: 2 }))
    return o
  }),
  agro: serviceScene((ctx) => {
    // wide farm scene: tractor and trailer collecting bales from the stubble field beside the farmyard
    let o = daySky(ctx, 1200, 800, 360) + dayHills(ctx, 1200, 360, 29) + treeLine(1200, 400, 12, 29, 0.6)
    o += rect(0, 410, 1200, 390, GRASS, { s: null })
    // farmyard on the right
    o +=
      place(780, 520, 0.8, () => barn({ w: 300, h: 150 })) +
      place(1060, 520, 0.8, () => silo({ w: 64, h: 220 })) +
      place(1130, 520, 0.7, () => silo({ w: 56, h: 180, c: mix(PALETTE.s2, PALETTE.w, 0.4) }))
    for (const x of [560, 1170]) o += place(x, 520, 0.9, () => tree({ c: PALETTE.l1 }))
    o += place(0, 0, 1, () => group(fence(640, 1200, { h: 30 }), 'transform="translate(0 540)"'))
    o += rect(600, 520, 600, 14, mix(PALETTE.s2, PALETTE.w, 0.4), { s: null })
    // stubble field (left and foreground)
    o += place(0, 540, 1, () => cropField({ w: 1200, h: 260, rows: 22, vx: 0.25, soil: mix(STRAW, SOIL, 0.3), crop: STRAW }))
    // bales waiting in the field (small, receding)
    for (const [x, y, s] of [
      [120, 600, 0.5],
      [300, 580, 0.42],
      [60, 700, 0.7],
      [470, 760, 0.85],
    ])
      o += place(x, y, s, () => bale({ w: 150, h: 78 }))
    o += place(240, 650, 0.55, () => roundBale({ r: 70 }))
    // tractor + loaded trailer working along the field edge
    o += shadow(840, 702, 320, 12) + place(560, 700, 0.95, () => tractor(ctx, { c: PALETTE.l1 }) + place(340, 0, 1, () => baleTrailer({ w: 320 })))
    return o
  }),
  hospital: serviceScene((ctx, defs) => {
    let o = interior(ctx, 1200, 800, 520)
    o += shadow(760, 682, 300, 16) + place(780, 680, 0.8, () => uvChamber(ctx, defs, { w: 480 }))
    const cols = [PALETTE.a1, PALETTE.a2, PALETTE.a1, PALETTE.a2]
    for (let i = 0; i < 4; i++) o += place(90 + i * 100, 720 - (i % 2) * 14, 1, () => medicalWasteBin({ c: cols[i], h: 130 }))
    return o
  }),
}

// ---------------------------------------------------------------- about / overview / recycle
const about = scene(1600, 1200, (ctx, defs) => {
  let o = outdoor(ctx, 1600, 1200, 640, 860, 31)
  o += place(1300, 700, 1, () => stack({ w: 52, h: 520 })) + place(1300, 180, 1, () => puffs(ctx, { n: 6, rise: 160, r: 22, drift: 100, c: PALETTE.w, o: 0.8 }))
  o += place(820, 900, 1.1, () => hall({ w: 640, h: 280, c: mix(PALETTE.s2, PALETTE.w, 0.35), rc: PALETTE.g1 }))
  o += place(960, 744, 1, () => fan(ctx, { r: 40 })) + place(1070, 744, 1, () => fan(ctx, { r: 40 }))
  o += place(560, 920, 0.95, () => gasifier(ctx, defs))
  o += place(200, 930, 0.9, () => kiln(ctx, defs, { w: 300, h: 220 }))
  o += rect(0, 980, 1600, 80, mix(PALETTE.s2, PALETTE.w, 0.35), { s: null })
  o += place(900, 1120, 0.9, () => truck({}))
  for (const x of [80, 420, 1480]) o += place(x, 1170, 1.6, () => tree({ c: x > 1000 ? PALETTE.l1 : mix(PALETTE.l1, PALETTE.g1, 0.2) }))
  o += place(1260, 1180, 1, () => bush()) + place(640, 1190, 1.2, () => bush(PALETTE.l2))
  return o
})

const overview = scene(1600, 1200, (ctx) => {
  // waste in → plant → three products
  let o = rect(0, 0, 1600, 1200, PALETTE.w, { s: null })
  o += circle(800, 560, 560, mix(PALETTE.l2, PALETTE.w, 0.72), { s: null })
  o += circle(800, 560, 400, mix(PALETTE.l2, PALETTE.w, 0.55), { s: null })
  // central plant
  o += place(800, 420, 1, () => stack({ w: 44, h: 300 }))
  o += place(800, 120, 1, () => puffs(ctx, { n: 5, rise: 100, r: 16, drift: 60, c: mix(PALETTE.s2, PALETTE.w, 0.4), o: 0.8 }))
  o += place(620, 640, 0.8, () => hall({ w: 450, h: 220, c: PALETTE.g1, rc: PALETTE.s1, win: PALETTE.a1 }))
  // flow arrows
  const arrow = (d) => path(d, "none", { s: PALETTE.a2, m: 4 })
  o +=
    arrow("M330 700 C430 700 470 640 560 620") +
    polygon(
      [
        [560, 604],
        [586, 616],
        [562, 636],
      ],
      PALETTE.a2,
      { s: null },
    )
  o +=
    arrow("M1000 560 C1120 460 1180 400 1230 360") +
    polygon(
      [
        [1220, 344],
        [1248, 342],
        [1238, 368],
      ],
      PALETTE.a2,
      { s: null },
    )
  o +=
    arrow("M1010 640 C1120 660 1160 700 1200 720") +
    polygon(
      [
        [1190, 704],
        [1218, 728],
        [1190, 738],
      ],
      PALETTE.a2,
      { s: null },
    )
  o +=
    arrow("M800 700 C820 800 820 840 820 900") +
    polygon(
      [
        [806, 894],
        [834, 894],
        [820, 920],
      ],
      PALETTE.a2,
      { s: null },
    )
  // waste input: truck + bins
  o += place(70, 780, 0.6, () => truck({}))
  o += place(120, 880, 0.8, () => wheelieBin({})) + place(200, 880, 0.8, () => wheelieBin({ c: PALETTE.g1 })) + place(280, 880, 0.8, () => medicalWasteBin({}))
  o += place(160, 1000, 0.8, () => bale({ w: 150, h: 70 })) + place(340, 1000, 0.7, () => branchPile({ w: 200 }))
  // electricity: pylon
  o += place(1330, 420, 0.9, () => pylon({ h: 330, c: PALETTE.s1 }))
  o += path("M1400 120 l-30 60 h30 l-30 60", "none", { s: PALETTE.a1, m: 4 })
  // charcoal heap
  o += place(1360, 830, 1, () => charcoalHeap({ w: 280, h: 120, seed: 5 }))
  // biochar field
  o += place(620, 960, 1, () => soilSection({ w: 400, h: 160, seed: 2 }))
  for (let x = 650; x < 1020; x += 60)
    o += path(`M${x} 960 L${x} 920 M${x} 934 c-14 -8 -18 -18 -16 -24 c10 2 16 12 16 24 M${x} 926 c12 -8 20 -18 18 -24 c-12 2 -18 12 -18 24`, PALETTE.l1, {
      m: 0.8,
    })
  return o
})

const recycle = scene(1600, 900, (ctx) => {
  let o = rect(
    0,
    0,
    1600,
    900,
    linearGradient(ctx.defs, [
      [0, mix(PALETTE.l2, PALETTE.w, 0.65)],
      [1, PALETTE.w],
    ]),
    { s: null },
  )
  o += rect(0, 690, 1600, 210, mix(PALETTE.s2, PALETTE.w, 0.5), { s: null })
  o += circle(800, 360, 280, PALETTE.w, { s: null })
  o += place(800, 360, 1, () => recycleSymbol({ r: 190, c: PALETTE.l1, w: 60 }))
  o += shadow(230, 792, 170, 16) + place(70, 790, 1, () => recyclablesBale("plastic", { w: 300, h: 220, seed: 1 }))
  o += place(100, 570, 1, () => recyclablesBale("plastic", { w: 240, h: 180, seed: 7 }))
  o += shadow(540, 862, 150, 12) + place(410, 860, 1, () => recyclablesBale("paper", { w: 250, h: 190, seed: 2 }))
  o += shadow(1070, 862, 150, 12) + place(940, 860, 1, () => recyclablesBale("metal", { w: 250, h: 190, seed: 3 }))
  o += shadow(1390, 792, 170, 16) + place(1230, 790, 1, () => recyclablesBale("cans", { w: 300, h: 220, seed: 4 }))
  o += place(1260, 570, 1, () => recyclablesBale("metal", { w: 240, h: 180, seed: 8 }))
  // glass: bottles + cullet
  const random = seededRandom(5)
  o += place(800, 890, 1, () => mound({ w: 300, h: 60, c: mix(PALETTE.l2, PALETTE.w, 0.3), bitC: PALETTE.l1, seed: 14 }))
  for (let i = 0; i < 5; i++)
    o += place(700 + i * 50, 860 - (i % 2) * 14, 1.4, () => bottle([PALETTE.l1, PALETTE.g1, PALETTE.w, PALETTE.a1, PALETTE.l2][i], 70 + random() * 30))
  return o
})

// ---------------------------------------------------------------- why-choose-us spots (480×480, transparent)
const spot = (draw) => scene(480, 480, (ctx) => circle(240, 250, 200, mix(PALETTE.l2, PALETTE.w, 0.72), { s: null }) + draw(ctx), { lineWeight: 4 })
const spots = {
  innovation: spot(() => {
    let o = gear(330, 310, 80, 10, PALETTE.s2)
    o += path("M240 90 C160 90 120 150 128 200 C134 250 176 270 184 310 L296 310 C304 270 346 250 352 200 C360 150 320 90 240 90 Z", PALETTE.a1)
    o += path("M300 120 C340 150 348 200 330 240 C316 270 300 280 296 310 L260 310 C270 250 320 200 300 120 Z", PALETTE.a2, { s: null, o: 0.5 })
    o += path("M240 90 C160 90 120 150 128 200 C134 250 176 270 184 310 L296 310 C304 270 346 250 352 200 C360 150 320 90 240 90 Z")
    o += path("M160 170 C166 140 186 122 210 116", "none", { s: PALETTE.w, m: 1.6 })
    o += path("M214 310 L214 230 C214 210 240 210 240 230 C240 210 266 210 266 230 L266 310", "none", { s: PALETTE.g1, m: 1.2 })
    o += rect(186, 310, 108, 30, PALETTE.s2) + rect(190, 340, 100, 26, PALETTE.s1) + rect(208, 366, 64, 20, PALETTE.g1, { rx: 8 })
    for (const [x1, y1, x2, y2] of [
      [240, 40, 240, 64],
      [120, 80, 136, 98],
      [360, 80, 344, 98],
      [70, 190, 96, 190],
      [384, 190, 410, 190],
    ])
      o += line(x1, y1, x2, y2, PALETTE.a2, 1.2)
    return o
  }),
  integrity: spot(() => {
    let o = path("M120 360 C80 260 130 130 330 90 C360 220 320 340 160 380 Z", PALETTE.l1)
    o += path("M330 90 C360 220 320 340 160 380 C250 320 300 220 330 90 Z", darker(PALETTE.l1, 0.2), { s: null })
    o += path("M120 360 C80 260 130 130 330 90 C360 220 320 340 160 380 Z")
    o += path("M100 410 C160 300 220 220 300 130", "none", { s: PALETTE.g1, m: 1.4 })
    for (const [a, b, c, d] of [
      [170, 300, 140, 250],
      [205, 255, 170, 200],
      [240, 205, 220, 160],
      [200, 270, 260, 280],
      [240, 220, 290, 220],
    ])
      o += line(a, b, c, d, PALETTE.g1, 1)
    o += path("M350 250 C350 250 300 320 300 350 C300 380 322 400 350 400 C378 400 400 380 400 350 C400 320 350 250 350 250 Z", mix(PALETTE.l2, PALETTE.w, 0.2))
    o += path("M320 350 C320 332 330 318 338 308", "none", { s: PALETTE.w, m: 1.4 })
    return o
  }),
  economic: spot(() => {
    let o = line(80, 380, 400, 380, PALETTE.g1, 1.4)
    const bars = [
      [100, 300],
      [170, 250],
      [240, 190],
      [310, 120],
    ]
    bars.forEach(([x, y], i) => (o += box(x, y, 56, 380 - y, [PALETTE.l2, PALETTE.l1, PALETTE.g1, PALETTE.l1][i], { side: 0.3 })))
    o +=
      path("M90 260 L180 200 L240 160 L330 80", "none", { s: PALETTE.a2, m: 1.6 }) +
      polygon(
        [
          [318, 68],
          [350, 64],
          [340, 96],
        ],
        PALETTE.a2,
        { m: 0.8 },
      )
    // coins
    for (let i = 0; i < 3; i++) o += ellipse(380, 400 - i * 22, 56, 18, PALETTE.a1)
    o += ellipse(380, 356, 56, 18, lighter(PALETTE.a1, 0.3)) + ellipse(380, 356, 30, 9, "none", { s: PALETTE.a2, m: 1 })
    return o
  }),
  tailored: spot(() => {
    // blueprint sheet
    let o = `<g transform="rotate(-8 240 240)">` + rect(90, 110, 300, 260, PALETTE.g1, { rx: 10 })
    for (let x = 110; x < 380; x += 30) o += line(x, 120, x, 360, lighter(PALETTE.g1, 0.2), 0.4)
    for (let y = 130; y < 370; y += 30) o += line(100, y, 380, y, lighter(PALETTE.g1, 0.2), 0.4)
    o += path("M130 320 L130 200 L230 150 L330 200 L330 320 Z", "none", { s: PALETTE.w, m: 1 }) + rect(210, 250, 40, 70, "none", { s: PALETTE.w, m: 0.8 })
    o += "</g>"
    // puzzle pieces
    const piece = (x, y, c, rot = 0) =>
      `<g transform="translate(${x} ${y}) rotate(${rot})">${path("M0 0 H34 C30 -22 60 -22 56 0 H90 V34 C112 30 112 60 90 56 V90 H56 C60 68 30 68 34 90 H0 V56 C22 60 22 30 0 34 Z", c)}${path("M6 6 H30", "none", { s: lighter(c, 0.5), m: 1 })}</g>`
    o += piece(250, 250, PALETTE.a1, 6) + piece(120, 270, PALETTE.l1, -4)
    return o
  }),
}

// ---------------------------------------------------------------- manifest
const list = []
const add = (p, w, h, draw) => list.push({ path: p, w, h, draw })
add("content/about/about.jpg", 1600, 1200, about)
add("content/overview/overview.jpg", 1600, 1200, overview)
for (const [n, d] of Object.entries(services)) add(`content/services/${n}.jpg`, 1200, 800, d)
for (const [n, d] of Object.entries(spots)) add(`content/why-choose-us/${n}.png`, 480, 480, d)
add("content/recycle/recycle-materials.jpg", 1600, 900, recycle)
for (const [n, d] of Object.entries(gallery)) add(`content/gallery/gallery-${n}.jpg`, 1200, 900, d)
for (const [n, d] of Object.entries(products)) add(`content/products/${n}.jpg`, 1200, 900, d)
for (const [n, d] of Object.entries(solutions)) add(`content/solutions/images/${n}.jpg`, 1200, 900, d)
export const stills = list
