// Waste-processing machines, most of them the product range: conveyor (with the waste items it carries),
// trommel, shredder, overband magnet, sorting platform, thermolyzer, UV chamber, air separator, plus the
// crane grab of the RDF bunker and the wood chipper. Local coordinates, ground at y = 0 unless noted.
import {
  PALETTE,
  UV,
  TAU,
  wave,
  frac,
  spin,
  mix,
  darker,
  lighter,
  SOIL,
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
  horizontalCylinder,
  linearGradient,
  radialGradient,
} from "./core.mjs"
import { cyclone, blower } from "./power-plant.mjs"
import { flames } from "./kilns-and-charcoal.mjs"

const WASTE_ITEM_COLOURS = [PALETTE.l1, PALETTE.a1, PALETTE.s2, PALETTE.w, PALETTE.l2, PALETTE.a2, PALETTE.g1, PALETTE.s1]
function wasteItem(kind, c, s = 1) {
  switch (kind % 5) {
    case 0:
      return rect(-10 * s, -18 * s, 20 * s, 18 * s, c, { m: 0.6 })
    case 1:
      return path(`M${-6 * s} 0 L${-6 * s} ${-16 * s} L${-3 * s} ${-22 * s} L${3 * s} ${-22 * s} L${6 * s} ${-16 * s} L${6 * s} 0 Z`, c, { m: 0.6 })
    case 2:
      return path(`M${-12 * s} 0 C${-14 * s} ${-12 * s} ${-2 * s} ${-18 * s} ${4 * s} ${-12 * s} C${12 * s} ${-14 * s} ${14 * s} ${-4 * s} ${10 * s} 0 Z`, c, {
        m: 0.6,
      })
    case 3:
      return rect(-7 * s, -14 * s, 14 * s, 14 * s, c, { rx: 3 * s, m: 0.6 })
    default:
      return polygon(
        [
          [-12 * s, 0],
          [-4 * s, -10 * s],
          [10 * s, -6 * s],
          [12 * s, 0],
        ],
        c,
        { m: 0.6 },
      )
  }
}

/**
 * Inclined conveyor. origin = centre of tail roller; belt runs to +x rotated by angle (deg).
 * legs reach down to ground line (ground = local y in unrotated frame).
 */
export function conveyor(ctx, { len = 500, angle = -12, bh = 18, ground = 90, n = 9, k = 2, items = true, seed = 1, itemScale = 1, frame = PALETTE.g1 } = {}) {
  const a = (angle * Math.PI) / 180
  const random = seededRandom(seed)
  let o = ""
  // legs
  for (let d = 40; d < len; d += 140) {
    const x = Math.cos(a) * d
    const y = Math.sin(a) * d
    o += line(x, y + bh, x - 10, ground, PALETTE.s1, 1.6) + line(x, y + bh, x + 10, ground, PALETTE.s1, 1.6)
    o += line(x - 6, (y + bh + ground) / 2, x + 6, (y + bh + ground) / 2, PALETTE.s1, 0.8)
  }
  let b = ""
  b += rect(-bh / 2, -bh / 2, len + bh, bh, PALETTE.k, { rx: bh / 2, s: null })
  b += rect(0, -bh / 2 + 4, len, bh - 2, frame, { s: null })
  b += rect(0, bh / 2 - 5, len, 3, darker(frame, 0.3), { s: null })
  b += rect(-bh / 2, -bh / 2, len + bh, bh, "none", { rx: bh / 2 })
  // idler dots on frame
  for (let d = 30; d < len; d += 60) b += circle(d, 2, 2.5, lighter(frame, 0.4), { s: null })
  // belt cleats moving
  const sp = frac(ctx.t, k * 6)
  for (let j = 0; j < Math.ceil(len / 40) + 1; j++) {
    const d = (j + sp) * 40
    if (d > 4 && d < len - 4) b += line(d, -bh / 2 + 0.5, d - 3, -bh / 2 + 3.5, PALETTE.s1, 0.5)
  }
  // rotating rollers
  for (const d of [0, len]) {
    b += circle(d, 0, bh / 2 - 1, PALETTE.s2, { m: 0.6 })
    b += `<g transform="translate(${round2(d)} 0) rotate(${round2(spin(ctx.t, k * 8))})">${line(-bh / 2 + 3, 0, bh / 2 - 3, 0, PALETTE.s1, 0.6)}${line(0, -bh / 2 + 3, 0, bh / 2 - 3, PALETTE.s1, 0.6)}</g>`
  }
  if (items) {
    for (let i = 0; i < n; i++) {
      const p = frac(ctx.t, k, i / n)
      const d = p * len
      const fade = Math.min(1, p / 0.05, (1 - p) / 0.05)
      const kind = Math.floor(random() * 5)
      const col = WASTE_ITEM_COLOURS[Math.floor(random() * WASTE_ITEM_COLOURS.length)]
      b += `<g transform="translate(${round2(d)} ${round2(-bh / 2)})" opacity="${round2(Math.max(0, fade))}">${wasteItem(kind, col, itemScale)}</g>`
    }
  }
  o += `<g transform="rotate(${angle})">${b}</g>`
  return o
}

/** Rotary trommel screen. origin = inlet end at drum axis; drum tilts down to the right. */
export function trommel(ctx, { len = 460, r = 80, tilt = 5, ground = 150, c = PALETTE.l1, k = 1, fines = true } = {}) {
  let o = ""
  const a = (tilt * Math.PI) / 180
  const yAt = (d) => Math.sin(a) * d
  // support frame
  o += rect(-20, ground - 16, len + 40, 16, PALETTE.s1)
  for (const d of [len * 0.18, len * 0.82]) {
    o += polygon(
      [
        [d - 34, ground - 16],
        [d - 12, yAt(d) + r],
        [d + 12, yAt(d) + r],
        [d + 34, ground - 16],
      ],
      PALETTE.g1,
    )
    o += circle(d - 16, yAt(d) + r + 6, 8, PALETTE.s2, { m: 0.7 }) + circle(d + 16, yAt(d) + r + 6, 8, PALETTE.s2, { m: 0.7 })
  }
  // fines chute + falling bits
  if (fines) {
    o += polygon(
      [
        [len * 0.3, yAt(len * 0.3) + r - 4],
        [len * 0.7, yAt(len * 0.7) + r - 4],
        [len * 0.56, ground - 40],
        [len * 0.44, ground - 40],
      ],
      PALETTE.s2,
    )
    const random = seededRandom(11)
    for (let i = 0; i < 14; i++) {
      const p = frac(ctx.t, 4, i / 14)
      const x = len * (0.36 + 0.28 * random())
      const y0 = yAt(x) + r + 4
      o += circle(x + (len * 0.5 - x) * p * 0.5, y0 + p * (ground - 40 - y0), 3, [PALETTE.l1, PALETTE.a1, PALETTE.s1, SOIL][i % 4], {
        s: null,
        o: round2(Math.sin(Math.PI * p)),
      })
    }
  }
  let d = ""
  // drum
  d += rect(0, -r, len, 2 * r, c, { s: null })
  d += rect(0, r * 0.35, len, r * 0.65, darker(c, 0.25), { s: null })
  d += rect(0, -r * 0.78, len, r * 0.14, lighter(c, 0.4), { s: null })
  // perforation rows rotating about the axis
  const rot = (spin(ctx.t, k) * Math.PI) / 180
  const rows = 14
  for (let j = 0; j < rows; j++) {
    const phi = (TAU * j) / rows + rot
    const cz = Math.cos(phi)
    if (cz <= 0.08) continue
    const y = -r * Math.sin(phi)
    const hh = 7 * cz
    for (let x = 26 + (j % 2) * 14; x < len - 20; x += 28) {
      if (x > len * 0.15 && x < len * 0.21) continue
      if (x > len * 0.79 && x < len * 0.85) continue
      d += ellipse(x, y, 7, hh, darker(c, 0.55), { s: null, o: 0.55 + 0.45 * cz })
    }
  }
  // riding rings + end flanges
  for (const dd of [len * 0.18, len * 0.82]) d += rect(dd - 12, -r - 6, 24, 2 * r + 12, PALETTE.s1, { rx: 4 })
  d += rect(0, -r, len, 2 * r, "none")
  d += ellipse(len, 0, 16, r + 4, darker(c, 0.45))
  d += ellipse(len, 0, 10, r - 10, PALETTE.k, { s: null, o: 0.7 })
  o += `<g transform="rotate(${tilt})">${d}</g>`
  // inlet chute/hopper
  o += polygon(
    [
      [-60, -r - 70],
      [40, -r - 70],
      [30, -r * 0.2],
      [-10, -r * 0.2],
    ],
    PALETTE.s2,
  )
  o += polygon(
    [
      [10, -r - 70],
      [40, -r - 70],
      [30, -r * 0.2],
      [18, -r * 0.2],
    ],
    PALETTE.s1,
    { s: null },
  )
  o += polygon(
    [
      [-60, -r - 70],
      [40, -r - 70],
      [30, -r * 0.2],
      [-10, -r * 0.2],
    ],
    "none",
  )
  // drive motor
  o += box(len * 0.5 - 40, ground - 56, 80, 40, PALETTE.a1, { side: 0.25 })
  return o
}

function shredderRotor(ctx, r, dir, phase) {
  const a = spin(ctx.t, 2) * dir + phase
  let o = ""
  const n = 4
  let d = ""
  for (let i = 0; i < n; i++) {
    const a0 = (TAU * i) / n
    const polar = (ang, rr) => `${round2(Math.cos(ang) * rr)} ${round2(Math.sin(ang) * rr)}`
    d += `${i ? "L" : "M"}${polar(a0, r * 0.78)} L${polar(a0 + 0.35, r * 1.1)} L${polar(a0 + 0.5, r * 0.95)} L${polar(a0 + TAU / n, r * 0.78)} `
  }
  o += path(d + "Z", PALETTE.s2, { m: 0.7 })
  o += circle(0, 0, r * 0.35, PALETTE.s1, { m: 0.6 })
  o += circle(0, 0, r * 0.12, PALETTE.k, { s: null })
  return `<g transform="rotate(${round2(a)})">${o}</g>`
}
/** twin-shaft shredder, base centre at origin, ~300 wide */
export function shredder(ctx, { c = PALETTE.l1 } = {}) {
  let o = ""
  // stand
  o += polygon(
    [
      [-150, 0],
      [-130, -110],
      [130, -110],
      [150, 0],
    ],
    "none",
    { s: PALETTE.s1, m: 1.6 },
  )
  o += box(-120, -100, 60, 100, PALETTE.g1, { side: 0.2 }) + box(60, -100, 60, 100, PALETTE.g1, { side: 0.2 })
  o += rect(-60, -60, 120, 60, PALETTE.k, { o: 0.85 }) // discharge opening
  for (let i = 0; i < 6; i++) o += rect(-50 + i * 18, -30 + (i % 2) * 8, 12, 8, WASTE_ITEM_COLOURS[i], { m: 0.4 })
  // cutting chamber
  o += box(-140, -200, 280, 100, c, { side: 0.2 })
  // window showing cutters
  o += rect(-105, -190, 210, 80, darker(PALETTE.g2, 0.4), { rx: 6 })
  o += `<g transform="translate(-48 -150)">${shredderRotor(ctx, 36, 1, 0)}</g><g transform="translate(48 -150)">${shredderRotor(ctx, 36, -1, 45)}</g>`
  o += rect(-105, -190, 210, 80, "none", { rx: 6 })
  // hopper
  o += polygon(
    [
      [-190, -320],
      [190, -320],
      [140, -200],
      [-140, -200],
    ],
    PALETTE.s2,
  )
  o += polygon(
    [
      [60, -320],
      [190, -320],
      [140, -200],
      [70, -200],
    ],
    PALETTE.s1,
    { s: null },
  )
  o += polygon(
    [
      [-190, -320],
      [190, -320],
      [140, -200],
      [-140, -200],
    ],
    "none",
  )
  o += rect(-196, -330, 392, 12, darker(PALETTE.s2, 0.2))
  // motor + gearbox
  o += horizontalCylinder(150, -190, 110, 56, PALETTE.g1) + box(140, -210, 40, 96, PALETTE.a1, { side: 0.3 })
  o += rect(230, -198, 30, 72, darker(PALETTE.g1, 0.2))
  return o
}
export function overbandMagnet(ctx, { w = 260, c = PALETTE.a1 } = {}) {
  // overband magnet, origin top-centre hanging point, belt loop below
  let o = ""
  o += line(-w * 0.35, 0, -w * 0.3, 60, PALETTE.s1, 1) + line(w * 0.35, 0, w * 0.3, 60, PALETTE.s1, 1)
  o += rect(-w / 2 - 20, 60, w + 40, 70, PALETTE.k, { rx: 35 })
  o += rect(-w / 2 - 14, 66, w + 28, 58, PALETTE.s1, { rx: 29, s: null })
  o += box(-w / 2 + 20, 72, w - 40, 46, c, { side: 0.2 })
  for (let x = -w / 2 + 40; x < w / 2 - 30; x += 30) o += line(x, 78, x, 112, darker(c, 0.3), 0.6)
  // cleats on the belt moving left
  const sp = frac(ctx.t, 8)
  for (let i = 0; i < 12; i++) {
    const x = w / 2 + 10 - ((i + sp) * (w + 20)) / 11
    if (x > -w / 2 - 10 && x < w / 2 + 10) o += line(x, 126, x, 132, PALETTE.k, 0.8)
  }
  // pulleys
  for (const x of [-w / 2 + 6, w / 2 - 6])
    o +=
      circle(x, 95, 30, PALETTE.s2) +
      `<g transform="translate(${x} 95) rotate(${round2(-spin(ctx.t, 6))})">${line(-20, 0, 20, 0, PALETTE.s1, 0.8)}${line(0, -20, 0, 20, PALETTE.s1, 0.8)}</g>`
  return o
}

/** elevated manual sorting platform. base centre at origin, ~560 wide */
export function sortingTable(ctx, { w = 560 } = {}) {
  const hw = w / 2
  let o = ""
  // bins underneath chutes
  const binC = [PALETTE.l1, PALETTE.a1, PALETTE.s2, PALETTE.g1]
  for (let i = 0; i < 4; i++) {
    const x = -hw + 50 + i * ((w - 100) / 3)
    o += box(x - 38, -70, 76, 70, binC[i], { side: 0.25 })
    o += polygon(
      [
        [x - 24, -150],
        [x + 24, -150],
        [x + 16, -76],
        [x - 16, -76],
      ],
      PALETTE.s2,
    )
  }
  // legs
  for (const x of [-hw + 10, -hw * 0.3, hw * 0.3, hw - 10]) o += rect(x - 6, -170, 12, 170, PALETTE.s1)
  // deck
  o += rect(-hw - 20, -180, w + 40, 14, PALETTE.g1)
  // steps
  for (let i = 0; i < 6; i++) o += line(hw + 30 + i * 16, -i * 30, hw + 30 + i * 16 + 20, -i * 30, PALETTE.s1, 1)
  o += line(hw + 26, 0, hw + 116, -180, PALETTE.s1, 1.2)
  // belt at waist height with moving items
  o += place(-hw + 10, -232, 1, () => conveyor(ctx, { len: w - 20, angle: 0, bh: 20, ground: 50, n: 11, k: 2, frame: PALETTE.g1, seed: 4 }))
  // hoppers on the belt side
  // railing
  o += line(-hw - 20, -290, hw + 20, -290, PALETTE.a1, 1.2) + line(-hw - 20, -250, hw + 20, -250, PALETTE.a1, 0.8)
  for (let x = -hw - 20; x <= hw + 20; x += (w + 40) / 6) o += line(x, -290, x, -180, PALETTE.a1, 0.9)
  // canopy hood
  o += polygon(
    [
      [-hw - 30, -400],
      [hw + 30, -400],
      [hw + 10, -370],
      [-hw - 10, -370],
    ],
    PALETTE.s2,
  )
  o += line(-hw - 10, -370, -hw - 10, -290, PALETTE.s1, 0.8) + line(hw + 10, -370, hw + 10, -290, PALETTE.s1, 0.8)
  for (let x = -hw + 40; x < hw; x += 120) o += rect(x, -372, 60, 6, lighter(PALETTE.a1, 0.5), { s: null })
  return o
}

/** horizontal thermolyzer reactor. base centre at origin, ~620 wide */
export function thermolyzer(ctx, defs, { w = 620 } = {}) {
  const hw = w / 2
  let o = ""
  // saddles
  for (const x of [-hw + 90, 0, hw - 90])
    o += polygon(
      [
        [x - 40, 0],
        [x - 26, -90],
        [x + 26, -90],
        [x + 40, 0],
      ],
      PALETTE.g1,
    )
  // firebox under the vessel
  o += box(-hw + 130, -90, w - 260, 60, mix(PALETTE.a2, PALETTE.g2, 0.5), { side: 0.12 })
  const pulse = 0.8 + 0.2 * wave(ctx.t, 3)
  for (let i = 0; i < 4; i++) {
    const x = -hw + 170 + i * ((w - 340) / 3)
    o += rect(x - 20, -76, 40, 30, PALETTE.k, { rx: 4 })
    o += rect(
      x - 20,
      -76,
      40,
      30,
      linearGradient(defs, [
        [0, PALETTE.a1],
        [1, PALETTE.a2],
      ]),
      { rx: 4, s: null, o: pulse },
    )
    o += place(x, -47, 1, () => flames(ctx, { w: 34, h: 22, k: 4, seed: i + 2 }))
  }
  // vessel
  o += horizontalCylinder(-hw, -250, w, 160, PALETTE.s2)
  for (let x = -hw + 60; x < hw - 20; x += 90) o += rect(x, -254, 14, 168, darker(PALETTE.s2, 0.18), { rx: 3 })
  o += ellipse(-hw, -170, 26, 80, darker(PALETTE.s2, 0.3)) + ellipse(hw, -170, 26, 80, PALETTE.s2)
  for (let i = 0; i < 8; i++) {
    const a = (TAU * i) / 8
    o += circle(hw + Math.cos(a) * 14, -170 + Math.sin(a) * 60, 3, PALETTE.s1, { s: null })
  }
  // sight port
  o +=
    circle(-hw + 140, -190, 18, PALETTE.k) +
    circle(
      -hw + 140,
      -190,
      12,
      radialGradient(defs, [
        [0, lighter(PALETTE.a1, 0.5)],
        [1, PALETTE.a2],
      ]),
      { s: null, o: pulse },
    )
  // feed hopper + screw
  o += polygon(
    [
      [-hw - 60, -420],
      [-hw + 60, -420],
      [-hw + 30, -330],
      [-hw - 30, -330],
    ],
    PALETTE.l1,
  )
  o += polygon(
    [
      [-hw + 10, -420],
      [-hw + 60, -420],
      [-hw + 30, -330],
      [-hw + 10, -330],
    ],
    darker(PALETTE.l1, 0.22),
    { s: null },
  )
  o += polygon(
    [
      [-hw - 60, -420],
      [-hw + 60, -420],
      [-hw + 30, -330],
      [-hw - 30, -330],
    ],
    "none",
  )
  o += rect(-hw - 14, -332, 28, 90, PALETTE.s1)
  // gas outlet
  o += path(`M${hw - 120} -250 L${hw - 120} -330 L${hw + 60} -330 L${hw + 60} -200`, "none", { s: PALETTE.k, m: 9 })
  o += path(`M${hw - 120} -250 L${hw - 120} -330 L${hw + 60} -330 L${hw + 60} -200`, "none", { s: PALETTE.a2, m: 7 })
  o += box(hw + 30, -200, 60, 200, PALETTE.g1, { side: 0.25 })
  for (let y = -185; y < -20; y += 20) o += line(hw + 38, y, hw + 74, y, lighter(PALETTE.g1, 0.3), 0.5)
  // control cabinet
  o += box(-hw - 120, -170, 80, 170, PALETTE.g1, { side: 0.22 })
  o +=
    rect(-hw - 108, -150, 44, 30, PALETTE.k) +
    circle(-hw - 96, -96, 6, PALETTE.l1) +
    circle(-hw - 76, -96, 6, PALETTE.a1, { o: 0.6 + 0.4 * Math.max(0, wave(ctx.t, 4)) })
  return o
}

/** UV sanitisation chamber: tunnel with a window showing glowing UV lamps, bins passing through. base centre.
 *  ends = how far the through-conveyor sticks out on each side. */
export function uvChamber(ctx, defs, { w = 560, ends = 140, phase = 0 } = {}) {
  const hw = w / 2
  let o = ""
  const glow = 0.85 + 0.1 * wave(ctx.t, 2)
  // violet light spilling onto the belt from the curtain openings
  for (const x of [-hw - 40, hw - 10])
    o += ellipse(
      x + 25,
      -82,
      70,
      16,
      radialGradient(defs, [
        [0, UV.glow, 0.75],
        [1, UV.glow, 0],
      ]),
      { s: null, o: glow },
    )
  // through conveyor
  o += place(-hw - ends, -70, 1, () => conveyor(ctx, { len: w + 2 * ends, angle: 0, bh: 18, ground: 70, n: 6, k: 1, items: false, frame: PALETTE.g1 }))
  // bins riding (trays)
  let trays = ""
  for (let i = 0; i < 4; i++) {
    const p = frac(ctx.t, 1, i / 4 + phase)
    const x = -hw - ends + p * (w + 2 * ends)
    const fade = Math.min(1, p / 0.05, (1 - p) / 0.05)
    trays += `<g transform="translate(${round2(x)} -79)" opacity="${round2(fade)}">${rect(-34, -46, 68, 46, PALETTE.a1, { rx: 4 })}${rect(-38, -52, 76, 10, PALETTE.a2, { rx: 3 })}${rect(6, -46, 28, 46, darker(PALETTE.a1, 0.2), { s: null, o: 0.6 })}</g>`
  }
  o += trays
  // housing (drawn over trays at the chamber body)
  o += box(-hw, -330, w, 250, mix(PALETTE.s2, PALETTE.w, 0.35), { rx: 10, side: 0.14 })
  // entry/exit curtains, lit violet from inside at the bottom edge
  o += rect(-hw, -180, 26, 100, PALETTE.s1) + rect(hw - 26, -180, 26, 100, PALETTE.s1)
  for (const x0 of [-hw, hw - 26]) {
    o += rect(
      x0 + 2,
      -120,
      22,
      38,
      linearGradient(defs, [
        [0, UV.c, 0],
        [1, UV.glow, 0.85],
      ]),
      { s: null, o: glow },
    )
    for (let x = x0 + 4; x < x0 + 24; x += 6) o += line(x, -176, x, -84, PALETTE.s2, 0.5)
  }
  // big window: dark chamber flooded with UV light
  const wx = -hw + 60
  const ww = w - 120
  o += rect(wx, -300, ww, 150, mix(PALETTE.g2, PALETTE.k, 0.35), { rx: 8 })
  o += rect(
    wx,
    -300,
    ww,
    150,
    radialGradient(
      defs,
      [
        [0, UV.c, 0.85],
        [0.6, UV.c, 0.45],
        [1, UV.c, 0.12],
      ],
      0.5,
      0.5,
      0.75,
    ),
    { rx: 8, s: null, o: glow },
  )
  // reflector bar at the back
  o += rect(wx + 8, -292, ww - 16, 6, mix(PALETTE.s2, PALETTE.k, 0.2), { s: null, o: 0.7 })
  for (let i = 0; i < 4; i++) {
    const y = -280 + i * 36
    // halo, tube, bright core
    o += rect(wx + 14, y - 7, ww - 28, 24, UV.glow, { rx: 12, s: null, o: 0.28 * glow })
    o += rect(wx + 20, y, ww - 40, 10, UV.glow, { rx: 5, m: 0.6 })
    o += line(wx + 28, y + 4, wx + ww - 28, y + 4, PALETTE.w, 0.9, 0.9)
    o += rect(wx + 10, y - 2, 12, 14, PALETTE.s1, { m: 0.5 }) + rect(wx + ww - 22, y - 2, 12, 14, PALETTE.s1, { m: 0.5 })
  }
  // glass glint
  o += line(wx + 10, -292 + 156, wx + 60, -292 + 106, PALETTE.w, 0.8, 0.35)
  // UV warning plate (violet sun symbol) + control panel + beacon
  o += rect(-hw + 60, -140, 46, 40, PALETTE.w, { rx: 4, m: 0.6 }) + circle(-hw + 83, -120, 7, UV.c, { m: 0.5 })
  for (let i = 0; i < 8; i++) {
    const a = (TAU * i) / 8
    o += line(-hw + 83 + Math.cos(a) * 10, -120 + Math.sin(a) * 10, -hw + 83 + Math.cos(a) * 15, -120 + Math.sin(a) * 15, UV.c, 0.5)
  }
  o += box(hw - 120, -140, 80, 46, PALETTE.g1, { side: 0.2 }) + circle(hw - 100, -117, 6, PALETTE.l1) + circle(hw - 78, -117, 6, PALETTE.a1)
  o += rect(-20, -346, 40, 16, PALETTE.s1) + circle(0, -354, 12, PALETTE.a1, { o: 0.6 + 0.4 * Math.max(0, wave(ctx.t, 4)) })
  // legs
  for (const x of [-hw + 30, hw - 30]) o += rect(x - 8, -80, 16, 80, PALETTE.s1)
  return o
}

/** air (density) separator: feed conveyor, expansion chamber, blower, duct, cyclone. base centre */
export function airSeparator(ctx) {
  let o = ""
  const random = seededRandom(9)
  // heavy fraction bin under chamber
  o += box(-120, -80, 140, 80, PALETTE.s1, { side: 0.2 })
  // chamber
  o += polygon(
    [
      [-170, -320],
      [70, -320],
      [70, -140],
      [20, -90],
      [-120, -90],
      [-170, -140],
    ],
    PALETTE.l1,
  )
  o += polygon(
    [
      [20, -320],
      [70, -320],
      [70, -140],
      [20, -90],
    ],
    darker(PALETTE.l1, 0.22),
    { s: null },
  )
  o += polygon(
    [
      [-170, -320],
      [70, -320],
      [70, -140],
      [20, -90],
      [-120, -90],
      [-170, -140],
    ],
    "none",
  )
  for (const x of [-150, 50]) o += rect(x - 6, -90, 12, 90, PALETTE.s1)
  // feed conveyor from left
  o += place(-420, -200, 1, () => conveyor(ctx, { len: 250, angle: -14, bh: 16, ground: 200, n: 6, k: 2, seed: 6 }))
  // light fraction duct up to cyclone
  o += path("M60 -300 L60 -400 L300 -400 L300 -360", "none", { s: PALETTE.k, m: 16 })
  o += path("M60 -300 L60 -400 L300 -400 L300 -360", "none", { s: PALETTE.s2, m: 14 })
  // bits flying in the duct
  for (let i = 0; i < 8; i++) {
    const p = frac(ctx.t, 4, i / 8)
    const L = 100 + 240 + 40
    const s = p * L
    let x, y
    if (s < 100) {
      x = 60
      y = -300 - s
    } else if (s < 340) {
      x = 60 + s - 100
      y = -400
    } else {
      x = 300
      y = -400 + (s - 340)
    }
    o += circle(x + (random() - 0.5) * 8, y + (random() - 0.5) * 8, 3.5, [PALETTE.w, PALETTE.l2, PALETTE.a1][i % 3], { s: PALETTE.k, m: 0.4 })
  }
  // cyclone + collection bin
  o += place(300, -110, 1, () => cyclone({ w: 110, h: 260 }))
  o += rect(290, -110, 20, 40, PALETTE.s1)
  o += box(250, -70, 100, 70, PALETTE.l1, { side: 0.25 })
  for (const x of [258, 342]) o += rect(x - 5, -260, 10, 190, PALETTE.s1)
  // blower volute
  o += place(-250, -40, 1, () => blower(ctx, { r: 46, k: 6 }))
  o += path("M-200 -60 L-150 -60 L-150 -120", "none", { s: PALETTE.k, m: 12 })
  o += path("M-200 -60 L-150 -60 L-150 -120", "none", { s: PALETTE.s2, m: 10 })
  // heavy bits dropping
  for (let i = 0; i < 5; i++) {
    const p = frac(ctx.t, 4, i / 5)
    o += circle(-60 + (i - 2) * 14, -92 + p * 30, 4, [PALETTE.s1, COAL, PALETTE.a2][i % 3], { m: 0.4, o: round2(Math.sin(Math.PI * p)) })
  }
  return o
}

/** orange-peel grab hanging from a crane cable, origin = cable attachment; full of RDF fluff */
export function craneGrab({ load = true, cols = [PALETTE.w, PALETTE.l2, PALETTE.a1, PALETTE.s2, PALETTE.l1], c = PALETTE.a1 } = {}) {
  let o = rect(-26, 0, 52, 40, PALETTE.s1, { rx: 6 }) + rect(-10, -14, 20, 16, darker(PALETTE.s1, 0.2))
  const tine = ([x0, x1, cc]) =>
    path(`M${x0} 36 C${x1} 60 ${x1 * 0.95} 120 ${x1 * 0.45} 156 L${x1 * 0.3} 146 C${x1 * 0.65} 110 ${x1 * 0.6} 66 ${x0 * 0.6} 40 Z`, cc)
  o += tine([-22, -92, c]) + tine([22, 92, darker(c, 0.22)])
  if (load) {
    o += path("M-78 120 C-84 60 -40 40 0 44 C40 40 84 60 78 120 C60 150 -60 150 -78 120 Z", mix(PALETTE.s2, PALETTE.w, 0.45))
    const random = seededRandom(5)
    for (let i = 0; i < 40; i++) o += ellipse(-60 + random() * 120, 60 + random() * 76, 5, 3, cols[i % cols.length], { s: null })
  }
  o += tine([-8, -34, lighter(c, 0.15)]) + tine([8, 34, darker(c, 0.1)])
  return o
}

export function woodChipper(ctx) {
  // trailer-mounted chipper, ~300 wide, base at wheel bottom
  let o = ""
  o += rect(-140, -60, 280, 16, PALETTE.s1)
  o += box(-60, -170, 160, 110, PALETTE.l1, { rx: 8, side: 0.2 })
  o += polygon(
    [
      [-60, -150],
      [-160, -110],
      [-160, -60],
      [-60, -80],
    ],
    PALETTE.a1,
  )
  o +=
    path("M60 -170 L60 -250 Q60 -280 100 -280 L150 -260", "none", { s: PALETTE.k, m: 10 }) +
    path("M60 -170 L60 -250 Q60 -280 100 -280 L150 -260", "none", { s: PALETTE.l1, m: 8 })
  // chips flying out
  const random = seededRandom(21)
  for (let i = 0; i < 8; i++) {
    const p = frac(ctx.t, 6, i / 8)
    o += rect(150 + p * 120, -260 + p * p * 220 + (random() - 0.5) * 10, 6, 4, mix(PALETTE.a1, PALETTE.s1, 0.4), { s: null, o: round2(Math.sin(Math.PI * p)) })
  }
  o += circle(0, -24, 24, PALETTE.k) + circle(0, -24, 10, PALETTE.s2) + line(-140, -52, -200, -44, PALETTE.s1, 1.4)
  return o
}
