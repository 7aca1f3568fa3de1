// Waste collection and what comes out of recycling: wheelie and medical-waste bins, the collection truck,
// bales of recyclables, bottles and the recycling symbol. Local coordinates, ground at y = 0 unless noted.
import { PALETTE, mix, darker, lighter, seededRandom, round2, rect, circle, path, polygon, line, box } from "./core.mjs"

export function wheelieBin({ c = PALETTE.l1, h = 110, lid = null } = {}) {
  const w = h * 0.62
  let o = polygon(
    [
      [-w / 2, -h],
      [w / 2, -h],
      [w * 0.42, 0],
      [-w * 0.42, 0],
    ],
    c,
    { s: null },
  )
  o += polygon(
    [
      [w * 0.15, -h],
      [w / 2, -h],
      [w * 0.42, 0],
      [w * 0.1, 0],
    ],
    darker(c, 0.22),
    { s: null },
  )
  o += polygon(
    [
      [-w / 2, -h],
      [w / 2, -h],
      [w * 0.42, 0],
      [-w * 0.42, 0],
    ],
    "none",
  )
  o += rect(-w / 2 - 4, -h - 10, w + 8, 12, lid || darker(c, 0.3), { rx: 3 })
  o += line(-w * 0.3, -h * 0.7, w * 0.3, -h * 0.7, darker(c, 0.3), 0.6)
  o += circle(w * 0.35, -4, 9, PALETTE.k) + circle(w * 0.35, -4, 3, PALETTE.s2, { s: null })
  return o
}
export function medicalWasteBin({ c = PALETTE.a1, h = 110 } = {}) {
  let o = wheelieBin({ c, h, lid: PALETTE.a2 })
  const s = h * 0.09
  o += path(
    `M${-s} ${-h * 0.45 - 3 * s} h${2 * s} v${2 * s} h${2 * s} v${2 * s} h${-2 * s} v${2 * s} h${-2 * s} v${-2 * s} h${-2 * s} v${-2 * s} h${2 * s} Z`,
    PALETTE.w,
    { m: 0.6 },
  )
  return o
}
export function truck({ c = PALETTE.g1, cab = PALETTE.w } = {}) {
  // ~ 420 wide side view, facing left, ground at 0
  let o = ""
  o += rect(-10, -50, 420, 22, PALETTE.s1)
  o += box(110, -190, 290, 150, c, { rx: 10, side: 0.12 })
  for (let x = 140; x < 360; x += 40) o += line(x, -180, x, -52, darker(c, 0.2), 0.5)
  o += rect(118, -120, 270, 12, PALETTE.l1, { s: null })
  o += path("M390 -180 L420 -170 L430 -60 L395 -45 Z", darker(c, 0.15))
  // cab
  o += path("M0 -40 L0 -110 L20 -150 L100 -150 L100 -40 Z", cab)
  o += path("M60 -150 L100 -150 L100 -40 L60 -40 Z", darker(cab, 0.12), { s: null })
  o += path("M0 -40 L0 -110 L20 -150 L100 -150 L100 -40 Z", "none")
  o += path("M14 -106 L28 -138 L70 -138 L70 -106 Z", PALETTE.s1)
  o += rect(-6, -60, 20, 18, PALETTE.a1)
  for (const x of [60, 290, 350]) o += circle(x, -22, 26, PALETTE.k) + circle(x, -22, 11, PALETTE.s2)
  return o
}

/** bale of compressed recyclables. kind: plastic | metal | paper | cans */
export function recyclablesBale(kind, { w = 150, h = 120, seed = 1 } = {}) {
  const random = seededRandom(seed)
  const base = { plastic: PALETTE.l2, metal: PALETTE.s2, paper: PALETTE.w, cans: PALETTE.s1 }[kind] || PALETTE.s2
  let o = box(0, -h, w, h, base, { rx: 4, side: 0.26 })
  const cols = {
    plastic: [PALETTE.l1, PALETTE.a1, PALETTE.w, PALETTE.g1, PALETTE.l2, PALETTE.a2],
    metal: [PALETTE.s1, PALETTE.s2, lighter(PALETTE.s2, 0.4), darker(PALETTE.s1, 0.2)],
    paper: [PALETTE.w, lighter(PALETTE.s2, 0.6), mix(PALETTE.a1, PALETTE.w, 0.6), lighter(PALETTE.l2, 0.6)],
    cans: [PALETTE.s2, PALETTE.a1, PALETTE.l1, lighter(PALETTE.s2, 0.3)],
  }[kind]
  for (let i = 0; i < 34; i++) {
    const x = 8 + random() * (w * 0.72 - 24)
    const y = -h + 8 + random() * (h - 24)
    if (kind === "paper") o += rect(x - 2, y, 26, 6, cols[i % cols.length], { s: darker(base, 0.35), m: 0.3 })
    else
      o += path(
        `M${round2(x)} ${round2(y)} l${round2(8 + random() * 10)} ${round2(-4 + random() * 8)} l${round2(-4 + random() * 8)} ${round2(6 + random() * 6)} l${round2(-10 - random() * 6)} ${round2(-2)} Z`,
        cols[i % cols.length],
        { m: 0.35 },
      )
  }
  o += box(w * 0.74, -h, w * 0.26, h, darker(base, 0.18), { hi: false, side: 0 })
  for (const y of [-h * 0.3, -h * 0.7]) o += line(0, y, w, y, PALETTE.k, 0.9)
  return o
}

export function bottle(c = PALETTE.l1, h = 60) {
  return (
    path(
      `M-9 0 L-9 ${-h * 0.6} C-9 ${-h * 0.72} -4 ${-h * 0.75} -4 ${-h * 0.85} L-4 ${-h} L4 ${-h} L4 ${-h * 0.85} C4 ${-h * 0.75} 9 ${-h * 0.72} 9 ${-h * 0.6} L9 0 Z`,
      c,
    ) + rect(-5, -h * 0.55, 3, h * 0.4, lighter(c, 0.5), { s: null })
  )
}

/** chasing-arrows recycling symbol (three curved arrows), centre origin */
export function recycleSymbol({ r = 120, c = PALETTE.l1, w = 34 } = {}) {
  let o = ""
  for (let i = 0; i < 3; i++) {
    const a0 = (i * 120 + 12) * (Math.PI / 180)
    const a1 = (i * 120 + 92) * (Math.PI / 180)
    const polar = (a, rr) => `${round2(Math.cos(a) * rr)} ${round2(Math.sin(a) * rr)}`
    const ri = r - w / 2
    const ro = r + w / 2
    const ah = a1 + 0.32
    const d = `M${polar(a0, ri)} A${ri} ${ri} 0 0 1 ${polar(a1, ri)} L${polar(a1, ri - w * 0.55)} L${polar(ah, r)} L${polar(a1, ro + w * 0.55)} L${polar(a1, ro)} A${ro} ${ro} 0 0 0 ${polar(a0, ro)} Z`
    o += path(d, c, { m: 1.2 })
    o += path(`M${polar(a0 + 0.1, ro - 5)} A${ro - 5} ${ro - 5} 0 0 1 ${polar(a1 - 0.1, ro - 5)}`, "none", { s: lighter(c, 0.45), m: 1 })
  }
  return o
}
