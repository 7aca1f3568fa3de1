#!/usr/bin/env node
// Prints the drawn extent [x0, y0, x1] of every product machine (art/scenes/stills.mjs → PRODUCT_BOX).
//   node scripts/art/measure-products.mjs
import sharp from "sharp"
import { productMachines } from "../../art/scenes/stills.mjs"
import { scene } from "../../art/scenes/common.mjs"

const PAD = 400
for (const [name, draw] of Object.entries(productMachines)) {
  const svg = scene(1200 + 2 * PAD, 900 + 2 * PAD, (ctx, defs) => `<g transform="translate(${PAD} ${PAD})">${draw(ctx, defs)}</g>`)(0)
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * 4 + 3] > 24) {
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
      }
    }
  console.log(`  ${JSON.stringify(name)}: [${x0 - PAD}, ${y0 - PAD}, ${x1 + 1 - PAD}],`)
}
