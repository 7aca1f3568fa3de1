#!/usr/bin/env node
// Measures the two build budgets of PRODUCT.md on this machine:
//   cold: `gatsby clean` then `gatsby build`;
//   warm: after a build, add one picture to content/gallery/ and build again (3 runs, median).
// The added picture is removed and the site rebuilt afterwards.
// Usage: npm run measure:builds
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"

const gatsby = path.resolve("node_modules/gatsby/cli.js")
const run = (...args) => {
  const started = process.hrtime.bigint()
  execFileSync(process.execPath, [gatsby, ...args], { stdio: "ignore", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } })
  return Number(process.hrtime.bigint() - started) / 1e9
}
const picture = path.resolve("content/gallery/zz-measure-upload.jpg")
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

run("clean")
const cold = run("build")
console.log(`cold build (gatsby clean, then gatsby build): ${cold.toFixed(1)} s`)

const warm = []
try {
  for (let i = 0; i < 3; i += 1) {
    await sharp("content/gallery/gallery-0" + (i + 1) + ".jpg").flop().toFile(picture)
    warm.push(run("build"))
    fs.rmSync(picture)
    run("build")
  }
} finally {
  fs.rmSync(picture, { force: true })
}
console.log(`warm rebuild after adding one gallery picture: ${warm.map((s) => s.toFixed(1)).join(", ")} s (median ${median(warm).toFixed(1)} s)`)
