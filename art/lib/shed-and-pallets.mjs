// Storage: the timber shed interior (charcoal store), wooden pallets and the hand pallet truck.
import { PALETTE, mix, darker, WOOD, place, rect, circle, path, polygon, line, box, linearGradient } from "./core.mjs"
import { tree } from "./landscape.mjs"

/** timber shed bay: back wall planks and roof trusses across the frame, origin top-left */
export function shedInterior(ctx, W, H, floor, { door = [60, 320] } = {}) {
  const { defs } = ctx
  let o = rect(0, 0, W, floor, mix(WOOD, PALETTE.w, 0.35), { s: null })
  for (let x = 0; x < W; x += 34) o += line(x, 110, x, floor, darker(mix(WOOD, PALETTE.w, 0.35), 0.15), 0.5)
  // open door with daylight, yard and sky outside
  const [dx, dw] = door
  o += rect(
    dx,
    190,
    dw,
    floor - 190,
    linearGradient(defs, [
      [0, mix(PALETTE.l2, PALETTE.w, 0.55)],
      [0.6, PALETTE.w],
      [0.61, mix(PALETTE.l1, PALETTE.w, 0.35)],
      [1, mix(PALETTE.l1, PALETTE.w, 0.2)],
    ]),
    { m: 1 },
  )
  o += path(
    `M${dx} ${floor - (floor - 190) * 0.39} C${dx + dw * 0.3} ${floor - (floor - 190) * 0.55} ${dx + dw * 0.6} ${floor - (floor - 190) * 0.5} ${dx + dw} ${floor - (floor - 190) * 0.45} L${dx + dw} ${floor} L${dx} ${floor} Z`,
    mix(PALETTE.l2, PALETTE.w, 0.3),
    { s: null },
  )
  o += rect(dx, floor - (floor - 190) * 0.3, dw, (floor - 190) * 0.3, mix(PALETTE.l1, PALETTE.w, 0.25), { s: null })
  o += place(dx + dw * 0.62, floor - (floor - 190) * 0.3, 0.9, () => tree({ c: mix(PALETTE.l1, PALETTE.w, 0.1) }))
  o += rect(dx - 14, 176, dw + 28, 14, darker(WOOD, 0.2))
  o += rect(dx - 14, 190, 14, floor - 190, darker(WOOD, 0.1)) + rect(dx + dw, 190, 14, floor - 190, darker(WOOD, 0.25))
  // daylight falling in from the door (light from upper left)
  o += path(`M${dx + dw} ${floor} L${dx + dw + 260} ${H} L${dx + 120} ${H} L${dx} ${floor} Z`, PALETTE.w, { s: null, o: 0.22 })
  // roof: rafters, tie beams, king posts
  o += rect(0, 0, W, 110, mix(WOOD, PALETTE.s1, 0.45), { s: null })
  for (let x = 0; x < W; x += 22) o += line(x, 0, x, 110, darker(mix(WOOD, PALETTE.s1, 0.45), 0.2), 0.4)
  for (let x = 150; x < W + 150; x += 300) {
    o += rect(x - 160, 104, 320, 18, WOOD)
    o += polygon(
      [
        [x - 160, 104],
        [x, 20],
        [x + 160, 104],
        [x + 130, 104],
        [x, 40],
        [x - 130, 104],
      ],
      darker(WOOD, 0.1),
    )
    o += rect(x - 8, 30, 16, 76, darker(WOOD, 0.15))
  }
  for (let x = 0; x <= W; x += 300)
    o += rect(x - 12, 104, 24, floor - 104, darker(WOOD, 0.05)) + rect(x + 4, 110, 8, floor - 110, darker(WOOD, 0.25), { s: null })
  // concrete floor
  o += rect(0, floor, W, H - floor, mix(PALETTE.s2, PALETTE.w, 0.45), { s: null })
  for (let i = 1; i < 5; i++) o += line(0, floor + ((H - floor) * i * i) / 25, W, floor + ((H - floor) * i * i) / 25, mix(PALETTE.s2, PALETTE.w, 0.2), 0.4)
  o += line(0, floor, W, floor, PALETTE.s1, 0.8)
  return o
}

/** wooden pallet seen from the front, origin bottom-left */
export function pallet({ w = 260, c = WOOD } = {}) {
  let o = rect(0, -26, w, 10, c) + rect(0, -8, w, 8, darker(c, 0.1))
  for (const x of [0, w / 2 - 14, w - 28]) o += rect(x, -16, 28, 8, darker(c, 0.25))
  return o
}

/** hand pallet truck facing left, forks at ground, ~230 wide */
export function palletTruck({ c = PALETTE.a1 } = {}) {
  let o = rect(-200, -16, 180, 10, PALETTE.s1)
  o += circle(-190, -6, 6, PALETTE.k) + box(-24, -54, 34, 50, c, { side: 0.3 })
  o += circle(0, -10, 12, PALETTE.k) + circle(0, -10, 5, PALETTE.s2, { s: null })
  o += line(0, -54, 44, -170, PALETTE.k, 2.2) + line(0, -54, 44, -170, c, 1.4)
  o += rect(30, -184, 40, 14, PALETTE.k, { rx: 7 })
  return o
}
