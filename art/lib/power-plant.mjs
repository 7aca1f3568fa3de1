// Power-plant structures and machines: stacks, pylons and wires, halls, fans, the steam turbine-generator,
// air-cooled condensers, valves, the gasifier, cyclones and blowers. Local coordinates, ground at y = 0
// unless noted; ctx = { t, defs }: t = time in seconds (0..LOOP), defs = array collecting <defs>.
import {
  PALETTE,
  wave,
  frac,
  spin,
  mix,
  darker,
  lighter,
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
  radialGradient,
} from "./core.mjs"

export function stack({ w = 40, h = 300, c = PALETTE.s2, band = PALETTE.a1 } = {}) {
  const tw = w * 0.78
  const body = [
    [-w / 2, 0],
    [-tw / 2, -h],
    [tw / 2, -h],
    [w / 2, 0],
  ]
  return (
    polygon(body, c, { s: null }) +
    polygon(
      [
        [w * 0.12, 0],
        [tw * 0.12, -h],
        [tw / 2, -h],
        [w / 2, 0],
      ],
      darker(c, 0.22),
      { s: null },
    ) +
    rect(-tw / 2 - 1, -h + 18, tw + 2, 14, band, { s: null }) +
    rect(-tw / 2 - 1, -h + 44, tw + 2, 10, band, { s: null }) +
    polygon(body, "none") +
    rect(-tw / 2 - 4, -h - 6, tw + 8, 8, darker(c, 0.35))
  )
}
export function pylon({ h = 260, c = PALETTE.s2 } = {}) {
  const wb = h * 0.22
  const wt = h * 0.05
  const leftLeg = [
    [-wb / 2, 0],
    [-wt, -h * 0.78],
    [0, -h],
  ]
  const rightLeg = [
    [wb / 2, 0],
    [wt, -h * 0.78],
    [0, -h],
  ]
  let o = path(`M${leftLeg.map((p) => p.join(" ")).join(" L")}`, "none", { s: c, m: 1 })
  o += path(`M${rightLeg.map((p) => p.join(" ")).join(" L")}`, "none", { s: c, m: 1 })
  const steps = 7
  for (let i = 0; i < steps; i++) {
    const y1 = (-h * 0.78 * i) / steps
    const y2 = (-h * 0.78 * (i + 1)) / steps
    const w1 = wb / 2 - ((wb / 2 - wt) * i) / steps
    const w2 = wb / 2 - ((wb / 2 - wt) * (i + 1)) / steps
    o += line(-w1, y1, w2, y2, c, 0.6) + line(w1, y1, -w2, y2, c, 0.6)
  }
  for (const [y, w] of [
    [-h * 0.62, h * 0.3],
    [-h * 0.8, h * 0.22],
  ]) {
    o += line(-w, y, w, y, c, 1) + line(-w, y, -wt * 2, y + 16, c, 0.6) + line(w, y, wt * 2, y + 16, c, 0.6)
    o += line(-w, y, -w, y + 12, c, 0.8) + line(w, y, w, y + 12, c, 0.8)
  }
  return o
}
/** arms positions of pylon relative to base for wiring */
export const pylonArms = (h = 260) => [
  [-h * 0.3, -h * 0.62 + 12],
  [h * 0.3, -h * 0.62 + 12],
  [-h * 0.22, -h * 0.8 + 12],
  [h * 0.22, -h * 0.8 + 12],
]
export const wire = (x1, y1, x2, y2, sag = 30, c = PALETTE.s2, m = 0.5) =>
  path(`M${round2(x1)} ${round2(y1)} Q${round2((x1 + x2) / 2)} ${round2((y1 + y2) / 2 + sag * 2)} ${round2(x2)} ${round2(y2)}`, "none", { s: c, m })

export function hall({ w = 400, h = 180, c = PALETTE.g1, roof = "pitched", rc = PALETTE.s1, win = PALETTE.a1, ribs = true, winO = 1 } = {}) {
  let o = ""
  const rh = roof === "pitched" ? h * 0.28 : 0
  if (roof === "pitched")
    o +=
      polygon(
        [
          [-8, -h],
          [w / 2, -h - rh],
          [w + 8, -h],
        ],
        rc,
      ) +
      polygon(
        [
          [w / 2, -h - rh],
          [w + 8, -h],
          [w / 2, -h],
        ],
        darker(rc, 0.2),
        { s: null },
      )
  if (roof === "saw") {
    const n = Math.max(2, Math.round(w / 90))
    for (let i = 0; i < n; i++) {
      const x0 = (w / n) * i
      o += polygon(
        [
          [x0, -h],
          [x0, -h - 40],
          [x0 + w / n, -h],
        ],
        rc,
      )
      o += rect(x0 + 3, -h - 34, 6, 30, win, { s: null, o: winO })
    }
  }
  o += box(0, -h, w, h, c, { side: 0.16 })
  if (ribs) for (let x = 24; x < w * 0.84; x += 24) o += line(x, -h + 6, x, -6, darker(c, 0.2), 0.5)
  // windows band
  const wy = -h * 0.78
  for (let x = 20; x < w * 0.84 - 40; x += 56) o += rect(x, wy, 40, h * 0.2, win, { o: winO })
  // roller door
  o += rect(w * 0.6, -h * 0.45, w * 0.16, h * 0.45, darker(c, 0.35))
  for (let y = -h * 0.45 + 8; y < 0; y += 8) o += line(w * 0.6 + 3, y, w * 0.76 - 3, y, darker(c, 0.5), 0.4)
  return o
}

/** front-view rotating fan with housing (periodic: whole turns per loop) */
export function fan(ctx, { r = 40, k = 2, n = 5, c = PALETTE.s2, hub = PALETTE.a1, ring = PALETTE.s1 } = {}) {
  const a = spin(ctx.t, k)
  let bl = ""
  for (let i = 0; i < n; i++) {
    bl += `<g transform="rotate(${round2(a + (360 * i) / n)})">${path(
      `M0 0 C${round2(r * 0.2)} ${round2(-r * 0.25)} ${round2(r * 0.55)} ${round2(-r * 0.35)} ${round2(r * 0.88)} ${round2(-r * 0.18)} C${round2(r * 0.7)} ${round2(r * 0.12)} ${round2(r * 0.3)} ${round2(r * 0.12)} 0 0 Z`,
      c,
      { m: 0.6 },
    )}</g>`
  }
  return circle(0, 0, r * 1.08, ring) + circle(0, 0, r * 0.95, darker(ring, 0.45), { s: null }) + bl + circle(0, 0, r * 0.16, hub)
}

export function steamTurbine(ctx, { c = PALETTE.l1, gen = PALETTE.g1 } = {}) {
  // ~ 520 wide, origin at floor under left end
  let o = ""
  o += box(0, -40, 520, 40, PALETTE.s1, { side: 0.1 }) // pedestal
  // steam inlet pipe onto the HP casing
  o += path("M80 -126 L80 -210 Q80 -226 96 -226 L200 -226", "none", { s: PALETTE.k, m: 7 })
  o += path("M80 -126 L80 -210 Q80 -226 96 -226 L200 -226", "none", { s: PALETTE.s2, m: 5 })
  o += rect(64, -150, 32, 20, PALETTE.a1)
  // bearing pedestals
  for (const x of [10, 150, 300]) o += box(x, -70, 26, 30, PALETTE.s1, { side: 0.3 })
  // HP casing (small)
  o += rect(26, -128, 126, 92, c, { rx: 34, s: null })
  o += rect(26, -82, 126, 46, darker(c, 0.22), { s: null })
  o += line(48, -118, 120, -118, lighter(c, 0.5), 1)
  o += rect(26, -128, 126, 92, "none", { rx: 34 })
  // LP casing (big hood)
  const lp = "M150 -36 L150 -150 C150 -196 300 -196 300 -150 L300 -36 Z"
  o += path(lp, c, { s: null })
  o += rect(150, -82, 150, 46, darker(c, 0.22), { s: null })
  o += path("M168 -150 C170 -176 220 -184 250 -182", "none", { s: lighter(c, 0.5), m: 1 })
  o += path(lp)
  // crossover pipe HP -> LP
  o += path("M110 -128 L110 -150 Q110 -176 136 -176 L200 -176 L200 -186", "none", { s: PALETTE.k, m: 9 })
  o += path("M110 -128 L110 -150 Q110 -176 136 -176 L200 -176 L200 -186", "none", { s: lighter(c, 0.2), m: 7 })
  // horizontal split flange with bolts
  o += line(26, -82, 300, -82, darker(c, 0.5), 1)
  for (let x = 44; x < 300; x += 22) o += circle(x, -82, 2.6, darker(c, 0.5), { s: null })
  // shaft with rotating stripes
  const sp = frac(ctx.t, 12)
  o += rect(300, -82, 60, 22, PALETTE.s2)
  for (let i = -1; i < 6; i++) {
    const x = 300 + (i + sp) * 14
    if (x > 302 && x < 352) o += line(x, -80, x + 6, -62, PALETTE.s1, 0.6)
  }
  // generator
  o += horizontalCylinder(360, -140, 150, 100, gen)
  for (let x = 380; x < 500; x += 18) o += line(x, -132, x, -48, lighter(gen, 0.25), 0.5)
  o += rect(420, -160, 40, 20, PALETTE.s1)
  return o
}

/** air cooled condenser block with rotating fans seen from slightly above */
export function airCooledCondenser(ctx, { w = 300, h = 150, fans = 3, k = 3 } = {}) {
  let o = ""
  for (let x = 10; x <= w - 10; x += (w - 20) / 4) o += line(x, 0, x, -h * 0.55, PALETTE.s1, 1)
  o += polygon(
    [
      [0, -h * 0.55],
      [w / 2, -h * 0.55 - 60],
      [w, -h * 0.55],
    ],
    mix(PALETTE.s2, PALETTE.g1, 0.2),
  )
  for (let i = 1; i < 10; i++) o += line((w * i) / 10, -h * 0.55, w / 2, -h * 0.55 - 60, darker(PALETTE.s2, 0.25), 0.4)
  o += box(0, -h * 0.55 - 80, w, 20, PALETTE.s1, { side: 0.1 })
  for (let i = 0; i < fans; i++) {
    const cx = (w / fans) * (i + 0.5)
    o += `<g transform="translate(${round2(cx)} ${round2(-h * 0.55 - 80)}) scale(1 0.42)">${circle(0, 0, w / fans / 2.2, PALETTE.s1)}${fan(ctx, { r: w / fans / 2.4, k, n: 6, c: PALETTE.s2 })}</g>`
  }
  return o
}

/** compact air-cooled condenser module (front view): finned coil bank with fans, on legs. origin bottom-left */
export function compactAirCooledCondenser(ctx, { w = 260, h = 300, fans = 2, k = 3 } = {}) {
  let o = ""
  for (const x of [8, w - 20]) o += rect(x, -h * 0.32, 12, h * 0.32, PALETTE.s1)
  o += box(0, -h, w, h * 0.7, mix(PALETTE.s2, PALETTE.w, 0.25), { side: 0.12 })
  // finned coil strips
  for (let x = 12; x < w * 0.86; x += 7) o += line(x, -h + 10, x, -h * 0.32 - 10, darker(mix(PALETTE.s2, PALETTE.w, 0.25), 0.18), 0.35)
  // fans in shrouds
  for (let i = 0; i < fans; i++) {
    const cx = (w * 0.88 * (i + 0.5)) / fans + 4
    o += place(cx, -h * 0.66, 1, () => fan(ctx, { r: Math.min((w * 0.88) / fans / 2.4, h * 0.25), k, n: 6, c: PALETTE.s2, ring: PALETTE.s1, hub: PALETTE.a1 }))
  }
  // header pipes top + condensate bottom
  o += horizontalCylinder(-10, -h - 24, w + 20, 26, PALETTE.s2)
  o += horizontalCylinder(10, -h * 0.32 - 16, w - 20, 16, PALETTE.l2)
  return o
}

/** gate valve with amber hand wheel on a vertical pipe, origin at valve centre */
export function valve({ r = 26 } = {}) {
  let o = rect(-r * 0.9, -r * 0.7, r * 1.8, r * 1.4, PALETTE.s1, { rx: 6 })
  o += rect(-4, -r * 2.2, 8, r * 1.5, PALETTE.s1)
  o += ellipse(0, -r * 2.3, r * 1.2, r * 0.35, "none", { s: PALETTE.k, m: 2.2 }) + ellipse(0, -r * 2.3, r * 1.2, r * 0.35, "none", { s: PALETTE.a1, m: 1.3 })
  return o
}
/** tall gasifier ("synthesizer") vessel, base centre at origin */
export function gasifier(ctx, defs, { w = 150, h = 420, c = PALETTE.s2 } = {}) {
  let o = ""
  // legs
  for (const x of [-w / 2 + 10, w / 2 - 10]) o += rect(x - 6, -90, 12, 90, PALETTE.s1)
  // cone bottom
  o += polygon(
    [
      [-w / 2, -130],
      [w / 2, -130],
      [18, -70],
      [-18, -70],
    ],
    c,
    { s: null },
  )
  o += polygon(
    [
      [w * 0.15, -130],
      [w / 2, -130],
      [18, -70],
      [6, -70],
    ],
    darker(c, 0.22),
    { s: null },
  )
  o += polygon(
    [
      [-w / 2, -130],
      [w / 2, -130],
      [18, -70],
      [-18, -70],
    ],
    "none",
  )
  o += rect(-14, -72, 28, 22, PALETTE.s1)
  // shell
  o += verticalCylinder(-w / 2, -h + 40, w, h - 170, c, { top: false })
  o += path(`M${-w / 2} ${-h + 40} C${-w / 2} ${-h - 20} ${w / 2} ${-h - 20} ${w / 2} ${-h + 40} Z`, lighter(c, 0.15))
  // bands
  for (const y of [-h + 90, -h + 200, -200]) o += rect(-w / 2 - 3, y, w + 6, 10, PALETTE.g1)
  // sight glass glowing
  const pulse = 0.75 + 0.25 * wave(ctx.t, 3)
  o +=
    circle(-w * 0.15, -180, 16, PALETTE.k) +
    circle(
      -w * 0.15,
      -180,
      11,
      radialGradient(defs, [
        [0, lighter(PALETTE.a1, 0.5)],
        [1, PALETTE.a2],
      ]),
      { s: null, o: pulse },
    )
  // ladder
  o += line(w / 2 + 16, -90, w / 2 + 16, -h + 60, PALETTE.s1, 0.8) + line(w / 2 + 34, -90, w / 2 + 34, -h + 60, PALETTE.s1, 0.8)
  for (let y = -100; y > -h + 60; y -= 18) o += line(w / 2 + 16, y, w / 2 + 34, y, PALETTE.s1, 0.6)
  // platform + rail
  o += rect(-w / 2 - 30, -h + 150, w + 90, 8, PALETTE.a1)
  o +=
    line(-w / 2 - 30, -h + 120, w / 2 + 60, -h + 120, PALETTE.a1, 1) +
    line(-w / 2 - 30, -h + 120, -w / 2 - 30, -h + 150, PALETTE.a1, 0.8) +
    line(w / 2 + 60, -h + 120, w / 2 + 60, -h + 150, PALETTE.a1, 0.8)
  // feed lock hopper on top
  o += polygon(
    [
      [-30, -h - 60],
      [30, -h - 60],
      [16, -h - 14],
      [-16, -h - 14],
    ],
    PALETTE.g1,
  )
  o += rect(-20, -h - 16, 40, 12, PALETTE.s1)
  // gas outlet pipe
  o += path(`M${w / 2} ${-h + 70} L${w / 2 + 90} ${-h + 70} L${w / 2 + 90} ${-h + 140}`, "none", { s: PALETTE.k, m: 8 })
  o += path(`M${w / 2} ${-h + 70} L${w / 2 + 90} ${-h + 70} L${w / 2 + 90} ${-h + 140}`, "none", { s: PALETTE.a2, m: 6 })
  return o
}
export function cyclone({ w = 90, h = 220, c = PALETTE.s2 } = {}) {
  // origin = bottom outlet tip
  let o = ""
  o += polygon(
    [
      [-w / 2, -h * 0.55],
      [w / 2, -h * 0.55],
      [8, -10],
      [-8, -10],
    ],
    c,
    { s: null },
  )
  o += polygon(
    [
      [w * 0.15, -h * 0.55],
      [w / 2, -h * 0.55],
      [8, -10],
      [2, -10],
    ],
    darker(c, 0.22),
    { s: null },
  )
  o += polygon(
    [
      [-w / 2, -h * 0.55],
      [w / 2, -h * 0.55],
      [8, -10],
      [-8, -10],
    ],
    "none",
  )
  o += verticalCylinder(-w / 2, -h, w, h * 0.45, c, { top: false })
  o += rect(-12, -10, 24, 12, PALETTE.s1)
  o += verticalCylinder(-14, -h - 40, 28, 42, PALETTE.s1)
  return o
}
/** centrifugal blower: fan inside its volute casing, origin at the fan centre */
export function blower(ctx, { r = 60, c = PALETTE.g1, k = 4 } = {}) {
  let o = path(`M${-r * 1.1} ${r * 1.1} L${-r * 1.1} 0 C${-r * 1.1} ${-r * 1.3} ${r * 1.2} ${-r * 1.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} Z`, c)
  o += path(
    `M${r * 0.3} ${-r * 0.95} C${r * 1} ${-r * 0.8} ${r * 1.2} ${-r * 0.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} L${r * 0.8} ${r * 1.1} Z`,
    darker(c, 0.22),
    { s: null },
  )
  o += path(`M${-r * 1.1} ${r * 1.1} L${-r * 1.1} 0 C${-r * 1.1} ${-r * 1.3} ${r * 1.2} ${-r * 1.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} Z`, "none")
  o += fan(ctx, { r: r * 0.7, k, n: 8, c: PALETTE.s2, ring: PALETTE.s1 })
  return o
}
