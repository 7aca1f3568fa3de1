#!/usr/bin/env -S npx tsx
// Measures the build budgets of PRODUCT.md on this machine:
//   cold: `gatsby clean` then `gatsby build`;
//   warm: after a build, build again with nothing changed, then add one picture to
//   content/gallery/ and build again (3 rounds, medians), and the second over the first: what
//   a photo adds to a warm build (issue 41's target: at most 1.2x);
//   peak memory: the most the build's processes held at once (their resident memory, summed,
//   sampled every 250 ms from /proc).
// With --photos N, N camera-size photos (6000 x 4000 JPEGs at quality 90, with camera
// metadata: scripts/lib/camera-photos.ts) are in the gallery for every build, named as cameras
// name them (IMG_0001.JPG ...), and the picture added for the warm rebuild is one more of them.
// Everything added is removed and the site rebuilt afterwards.
// With --cold-only, the warm rebuilds are left out (for the peak memory of a large gallery).
// Usage: npm run measure:builds [-- --photos N] [-- --cold-only]
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { writeCameraPhoto } from "../lib/camera-photos"

const argument = (name: string): string | undefined => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined)
const photos = Number(argument("--photos") ?? 0)
if (!Number.isInteger(photos) || photos < 0) throw new Error(`--photos takes a whole number, not ${argument("--photos")}`)

const gatsby = path.resolve("node_modules/gatsby/cli.js")
const gallery = path.resolve("content/gallery")
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The resident memory of pid and all its descendants, in bytes (Linux /proc) */
function treeMemory(root: number | undefined): number {
  const parents = new Map<number, number>()
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8")
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]))
    } catch {
      // gone meanwhile
    }
  }
  let bytes = 0
  for (const pid of parents.keys()) {
    let ancestor = pid
    while (ancestor && ancestor !== root) ancestor = parents.get(ancestor) ?? 0
    if (ancestor !== root) continue
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))
      bytes += rss ? Number(rss[1]) * 1024 : 0
    } catch {
      // gone meanwhile
    }
  }
  return bytes
}

/** Runs gatsby with args; resolves to its time in seconds and its peak memory in bytes */
function run(...args: string[]): Promise<{ seconds: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, [gatsby, ...args], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } })
    let peak = 0
    let errors = ""
    child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk).slice(-4000)))
    const sampler = setInterval(() => (peak = Math.max(peak, treeMemory(child.pid))), 250)
    child.on("exit", (code) => {
      clearInterval(sampler)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      if (code === 0) resolve({ seconds, peak })
      else reject(new Error(`gatsby ${args.join(" ")} exited with ${code}:\n${errors}`))
    })
  })
}

/** Camera photos are made once per seed and kept in the temporary folder (about 6 s each) */
async function cameraPhoto(seed: number): Promise<string> {
  const cached = path.join(os.tmpdir(), "waste-to-energy-camera-photos", `photo-${seed}.jpg`)
  if (!fs.existsSync(cached)) {
    fs.mkdirSync(path.dirname(cached), { recursive: true })
    await writeCameraPhoto(`${cached}.part`, { seed })
    fs.renameSync(`${cached}.part`, cached)
  }
  return cached
}

const added: string[] = []
const addPicture = async (name: string, make: (file: string) => Promise<unknown>): Promise<void> => {
  const file = path.join(gallery, name)
  if (fs.existsSync(file)) throw new Error(`${file} is there already: remove it first (an earlier run stopped halfway?)`)
  added.push(file)
  await make(file)
}
const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`

/** The measurements, with everything added removed again and the site rebuilt afterwards */
async function main(): Promise<void> {
  try {
    for (let index = 1; index <= photos; index += 1)
      await addPicture(`IMG_${String(index).padStart(4, "0")}.JPG`, async (file) => fs.copyFileSync(await cameraPhoto(index), file))
    const sources = added.reduce((sum, file) => sum + fs.statSync(file).size, 0)
    if (photos) console.log(`${photos} camera photos (6000 x 4000, ${megabytes(sources)}) in content/gallery/`)

    await run("clean")
    const cold = await run("build")
    console.log(`cold build (gatsby clean, then gatsby build): ${cold.seconds.toFixed(1)} s, peak memory ${megabytes(cold.peak)}`)

    const unchanged: number[] = []
    const warm: { seconds: number; peak: number }[] = []
    for (let i = 0; i < (process.argv.includes("--cold-only") ? 0 : 3); i += 1) {
      // the same checkout with nothing changed since the last build, then with one picture more
      unchanged.push((await run("build")).seconds)
      const name = `zz-measure-upload-${i}${photos ? ".JPG" : ".jpg"}`
      await addPicture(name, async (file) =>
        photos
          ? fs.copyFileSync(await cameraPhoto(1000 + i), file)
          : sharp(`content/gallery/gallery-0${i + 1}.jpg`)
              .flop()
              .toFile(file),
      )
      warm.push(await run("build"))
      fs.rmSync(added.pop()!)
      await run("build")
    }
    const seconds = warm.map((result) => result.seconds)
    if (warm.length) {
      const list = (values: number[]) => `${values.map((s) => s.toFixed(1)).join(", ")} s (median ${median(values).toFixed(1)} s)`
      console.log(`warm build with nothing changed: ${list(unchanged)}`)
      console.log(
        `warm rebuild after adding one ${photos ? "camera photo" : "gallery picture"}: ${list(seconds)}, peak memory ${megabytes(Math.max(...warm.map((result) => result.peak)))}`,
      )
      console.log(`what the picture adds: ${(median(seconds) / median(unchanged)).toFixed(2)}x the warm build with nothing changed (target: at most 1.2x)`)
    }
  } finally {
    for (const file of added) fs.rmSync(file, { force: true })
    if (added.length) await run("build")
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
