// Shared backgrounds and scene wrapper.
import {
  PALETTE,
  mix,
  lighter,
  LINE_WEIGHT,
  place,
  rect,
  circle,
  ellipse,
  path,
  line,
  resetIds,
  linearGradient,
  radialGradient,
  svgDocument,
  ridge,
} from "../lib/core.mjs"
import { tree, cloud } from "../lib/landscape.mjs"

/** scene factory: returns (t, {width,height}) => svg string */
export const scene =
  (vw, vh, draw, { lineWeight = 3 } = {}) =>
  (t = 0, size = {}) => {
    resetIds()
    LINE_WEIGHT.base = lineWeight
    const defs = []
    const body = draw({ t, defs }, defs)
    return svgDocument(vw, vh, body, defs, size)
  }

export const SKY_TOP = mix(PALETTE.l2, PALETTE.w, 0.55)
export const GRASS = mix(PALETTE.l1, PALETTE.l2, 0.35)

/** light daytime sky with sun top-left (the single light source) */
export function daySky(ctx, W, H, horizon, { clouds = true } = {}) {
  const { defs } = ctx
  let o = rect(
    0,
    0,
    W,
    horizon + 40,
    linearGradient(defs, [
      [0, SKY_TOP],
      [1, PALETTE.w],
    ]),
    { s: null },
  )
  o += circle(
    W * 0.1,
    H * 0.1,
    W * 0.22,
    radialGradient(defs, [
      [0, lighter(PALETTE.a1, 0.55), 0.55],
      [1, PALETTE.w, 0],
    ]),
    { s: null },
  )
  o += circle(W * 0.1, H * 0.1, W * 0.035, lighter(PALETTE.a1, 0.45), { s: null })
  if (clouds) {
    o += place(W * 0.34, horizon * 0.3, W / 1400, () => cloud(PALETTE.w, 0.95))
    o += place(W * 0.78, horizon * 0.18, W / 1800, () => cloud(PALETTE.w, 0.9))
  }
  return o
}
export function dayHills(ctx, W, horizon, seed = 2) {
  return (
    path(ridge(-20, W + 20, horizon, 90, seed, horizon + 400), mix(PALETTE.l2, PALETTE.w, 0.45), { s: null }) +
    path(ridge(-20, W + 20, horizon + 30, 60, seed + 5, horizon + 400), mix(PALETTE.l1, PALETTE.w, 0.35), { s: null })
  )
}
export function dayGround(ctx, W, H, y) {
  return (
    rect(0, y, W, H - y, GRASS, { s: null }) +
    rect(0, y, W, 6, lighter(GRASS, 0.3), { s: null }) +
    rect(0, H - (H - y) * 0.35, W, (H - y) * 0.35, mix(GRASS, PALETTE.g1, 0.18), { s: null })
  )
}
export function treeLine(W, y, n = 8, seed = 1, s = 0.8) {
  let o = ""
  for (let i = 0; i < n; i++) {
    const x = (W * (i + 0.5)) / n + ((i * 37 * seed) % 40) - 20
    o += place(x, y, s * (0.8 + ((i * 13) % 5) * 0.08), () =>
      tree({ kind: i % 3 === 1 ? "pine" : "round", c: i % 2 ? PALETTE.l1 : mix(PALETTE.l1, PALETTE.g1, 0.3) }),
    )
  }
  return o
}
/** shadow cast to the lower right (light from upper left) */
export const shadow = (cx, cy, rx, ry = rx * 0.12, o = 0.16) => ellipse(cx + rx * 0.12, cy, rx, ry, PALETTE.k, { s: null, o })

/** industrial interior: wall, columns, high windows, floor */
export function interior(ctx, W, H, floor) {
  const { defs } = ctx
  const wall = mix(PALETTE.s2, PALETTE.w, 0.62)
  let o = rect(0, 0, W, floor, wall, { s: null })
  for (let x = 60; x < W; x += 260) {
    o += rect(
      x,
      40,
      150,
      120,
      linearGradient(defs, [
        [0, PALETTE.w],
        [1, mix(PALETTE.l2, PALETTE.w, 0.5)],
      ]),
      { m: 0.8 },
    )
    o += line(x + 75, 40, x + 75, 160, PALETTE.s2, 0.8) + line(x, 100, x + 150, 100, PALETTE.s2, 0.8)
  }
  for (let x = 0; x < W; x += 260)
    o += rect(x - 12, 0, 24, floor, mix(PALETTE.s2, PALETTE.w, 0.3), { s: null }) + rect(x + 4, 0, 8, floor, mix(PALETTE.s2, PALETTE.w, 0.15), { s: null })
  o += rect(0, 0, W, 24, PALETTE.s1, { s: null })
  o += rect(0, floor - 40, W, 40, mix(PALETTE.g1, PALETTE.w, 0.55), { s: null })
  o += rect(0, floor, W, H - floor, mix(PALETTE.s2, PALETTE.w, 0.4), { s: null })
  for (let i = 1; i < 6; i++) o += line(0, floor + ((H - floor) * (i * i)) / 36, W, floor + ((H - floor) * (i * i)) / 36, mix(PALETTE.s2, PALETTE.w, 0.15), 0.4)
  o += line(0, floor, W, floor, PALETTE.s1, 0.8)
  return o
}
/** product studio background: light, a soft floor ellipse */
export function studio(ctx, W, H, floor) {
  const { defs } = ctx
  let o = rect(0, 0, W, H, PALETTE.w, { s: null })
  o += circle(
    W * 0.3,
    H * 0.15,
    W * 0.7,
    radialGradient(defs, [
      [0, mix(PALETTE.l2, PALETTE.w, 0.75), 0.8],
      [1, PALETTE.w, 0],
    ]),
    { s: null },
  )
  o += rect(
    0,
    floor,
    W,
    H - floor,
    linearGradient(defs, [
      [0, mix(PALETTE.s2, PALETTE.w, 0.7)],
      [1, PALETTE.w],
    ]),
    { s: null },
  )
  return o
}

/** dark evening backdrop for the hero posters */
export function heroSky(ctx, W, H, horizon, { warm = 0.4, warmX = 0.78 } = {}) {
  const { defs } = ctx
  let o = rect(
    0,
    0,
    W,
    H,
    linearGradient(defs, [
      [0, PALETTE.g2],
      [0.75, mix(PALETTE.g1, PALETTE.g2, 0.2)],
      [1, mix(PALETTE.g1, PALETTE.s1, 0.25)],
    ]),
    { s: null },
  )
  o += circle(
    W * warmX,
    horizon,
    W * 0.45,
    radialGradient(defs, [
      [0, PALETTE.a1, warm * 0.5],
      [0.45, PALETTE.a2, warm * 0.18],
      [1, PALETTE.a2, 0],
    ]),
    { s: null },
  )
  return o
}
export function heroHills(ctx, W, H, horizon, seed = 3) {
  return (
    path(ridge(-20, W + 20, horizon, 110, seed, H + 10), mix(PALETTE.g1, PALETTE.g2, 0.35), { s: null }) +
    path(ridge(-20, W + 20, horizon + 50, 70, seed + 9, H + 10), PALETTE.g2, { s: null })
  )
}
/** left-to-right darkening overlay that keeps the text area calm */
export function heroOverlay(ctx, W, H) {
  const { defs } = ctx
  return rect(
    0,
    0,
    W,
    H,
    linearGradient(
      defs,
      [
        [0, PALETTE.g2, 0.9],
        [0.42, PALETTE.g2, 0.8],
        [0.55, PALETTE.g2, 0.6],
        [0.66, PALETTE.g2, 0.12],
        [0.74, PALETTE.g2, 0],
      ],
      0,
      0,
      1,
      0,
    ),
    { s: null },
  )
}
