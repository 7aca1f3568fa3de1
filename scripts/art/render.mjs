#!/usr/bin/env node
// Re-renders every illustration of the site from the drawing code in art/.
//   node scripts/art/render.mjs                 # everything
//   node scripts/art/render.mjs --only hero     # only outputs whose path contains "hero"
//   node scripts/art/render.mjs --skip-video    # stills only (no ffmpeg needed)
//   node scripts/art/render.mjs --check         # also report hero text-area contrast
//   node scripts/art/render.mjs --svg-only DIR  # write the SVG text of every output and every loop frame
//                                               # under DIR instead (nothing rasterised or encoded), so two
//                                               # versions of the drawing code can be compared with diff -r
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { spawnSync, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import sharp from "sharp"
import { heroes } from "../../art/scenes/heroes.mjs"
import { stills } from "../../art/scenes/stills.mjs"
import { icons } from "../../art/icons.mjs"
import { logo, logoOnDark, appIcon } from "../../art/logo.mjs"
import { LOOP } from "../../art/lib/core.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const args = process.argv.slice(2)
const onlyIdx = args.indexOf("--only")
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : null
const skipVideo = args.includes("--skip-video")
const check = args.includes("--check")
const svgOnlyIdx = args.indexOf("--svg-only")
const svgOnly = svgOnlyIdx >= 0 ? path.resolve(args[svgOnlyIdx + 1]) : null
const want = (p) => !only || p.includes(only)
const t0 = Date.now()
const out = (p, root = ROOT) => {
  const abs = path.join(root, p)
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  return abs
}
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a)

const writeSvg = (rel, svg) => fs.writeFileSync(out(rel, svgOnly), svg)

async function still(rel, svg, { width, height, format }) {
  if (svgOnly) return writeSvg(`${rel}.svg`, svg)
  const img = sharp(Buffer.from(svg)).resize(width, height)
  if (format === "png") await img.png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out(rel))
  else await img.jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: "4:2:0" }).toFile(out(rel))
  log("wrote", rel)
}

// ---------------- stills ----------------
const jobs = []
for (const [name, fn] of Object.entries(heroes)) {
  const rel = `content/hero/${name}.jpg`
  if (want(rel)) jobs.push(() => still(rel, fn(0, { width: 1920, height: 1080 }), { width: 1920, height: 1080 }))
}
for (const s of stills) {
  if (want(s.path)) {
    jobs.push(() => still(s.path, s.draw(0, { width: s.w, height: s.h }), { width: s.w, height: s.h, format: s.path.endsWith(".png") ? "png" : "jpg" }))
  }
}
// SVG files (icons + logo) written verbatim
const svgFiles = [
  ...Object.entries(icons).map(([n, svg]) => [`content/solutions/icons/${n}.svg`, svg]),
  ["content/company/logo.svg", logo()],
  ["content/company/logo-on-dark.svg", logoOnDark()],
  ["static/favicon.svg", logo({ favicon: true })],
]
for (const [rel, svg] of svgFiles) {
  if (want(rel) && svgOnly) writeSvg(rel, svg + "\n")
  else if (want(rel)) {
    fs.writeFileSync(out(rel), svg + "\n")
    log("wrote", rel, `(${svg.length} bytes)`)
  }
}
// web-app / touch / PNG favicon icons rasterised from the emblem
const appIcons = [
  ["static/icons/icon-192.png", appIcon({ size: 192, extent: 64 })],
  ["static/icons/icon-512.png", appIcon({ size: 512, extent: 64 })],
  ["static/icons/maskable-512.png", appIcon({ size: 512, extent: 76, variant: "dark", bg: "#1f4d36" }), true],
  ["static/apple-touch-icon.png", appIcon({ size: 180, extent: 70, bg: "#f7f5ef" }), true],
  ["static/favicon-32.png", appIcon({ size: 32, extent: 60 })],
]
for (const [rel, svg, opaque] of appIcons) {
  if (want(rel)) {
    jobs.push(async () => {
      if (svgOnly) return writeSvg(`${rel}.svg`, svg)
      const img = sharp(Buffer.from(svg))
      await (opaque ? img.removeAlpha() : img).png({ compressionLevel: 9 }).toFile(out(rel))
      log("wrote", rel)
    })
  }
}
// run still jobs with small concurrency
{
  const q = [...jobs]
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (q.length) await q.shift()()
    }),
  )
}

// ---------------- contrast check on hero text area ----------------
if (check && !svgOnly) {
  for (const name of Object.keys(heroes)) {
    const file = path.join(ROOT, `content/hero/${name}.jpg`)
    if (!fs.existsSync(file)) continue
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true })
    const lin = (v) => {
      v /= 255
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)
    }
    let worst = 0
    const xMax = Math.round(info.width * 0.55)
    for (let y = 0; y < info.height; y += 2)
      for (let x = 0; x < xMax; x += 2) {
        const i = (y * info.width + x) * info.channels
        const L = 0.2126 * lin(data[i]) + 0.7152 * lin(data[i + 1]) + 0.0722 * lin(data[i + 2])
        if (L > worst) worst = L
      }
    const ratio = 1.05 / (worst + 0.05)
    log(`${name}: min contrast vs white in left 55% = ${ratio.toFixed(2)}:1 ${ratio >= 4.5 ? "OK (AA)" : "FAIL"}`)
  }
}

// ---------------- hero loops ----------------
function haveFfmpeg() {
  const r = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" })
  return r.status === 0
}
function run(cmd, argv) {
  return new Promise((res, rej) => {
    const p = spawn(cmd, argv, { stdio: ["ignore", "ignore", "pipe"] })
    let err = ""
    p.stderr.on("data", (d) => (err += d))
    p.on("close", (c) => (c === 0 ? res() : rej(new Error(`${cmd} failed (${c}):\n${err.slice(-2000)}`))))
  })
}
const FPS = 24
const VW = 1280
const VH = 720
const MAX = 1.5 * 1024 * 1024 // hard limit per file
const AIM = 1.1 * 1024 * 1024 // keep some headroom

const videoNames = Object.keys(heroes).filter((n) => want(`content/hero/${n}.mp4`))
if (svgOnly) {
  if (!skipVideo) {
    for (const name of videoNames) {
      for (let i = 0; i < LOOP * FPS; i++) writeSvg(`content/hero/${name}/f${String(i).padStart(4, "0")}.svg`, heroes[name](i / FPS, { width: VW, height: VH }))
    }
  }
  log(`SVG text of every output written under ${svgOnly}`)
  process.exit(0)
}
if (!skipVideo && videoNames.length) {
  if (!haveFfmpeg()) {
    console.error("ffmpeg not found. Install it (e.g. `sudo apt-get install -y ffmpeg` or `brew install ffmpeg`) or pass --skip-video.")
    process.exit(1)
  }
  for (const name of videoNames) {
    const fn = heroes[name]
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `emberleaf-${name}-`))
    const frames = LOOP * FPS
    const idx = [...Array(frames).keys()]
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while (idx.length) {
          const i = idx.shift()
          const svg = fn(i / FPS, { width: VW, height: VH })
          await sharp(Buffer.from(svg))
            .png({ compressionLevel: 1 })
            .toFile(path.join(dir, `f${String(i).padStart(4, "0")}.png`))
        }
      }),
    )
    log(`${name}: ${frames} frames rendered`)
    const input = ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", path.join(dir, "f%04d.png")]
    const mp4 = out(`content/hero/${name}.mp4`)
    const webm = out(`content/hero/${name}.webm`)
    for (const crf of [20, 24, 28, 32, 36]) {
      await run("ffmpeg", [
        ...input,
        "-an",
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-tune",
        "animation",
        "-crf",
        String(crf),
        "-pix_fmt",
        "yuv420p",
        "-profile:v",
        "high",
        "-g",
        String(FPS * 2),
        "-movflags",
        "+faststart",
        mp4,
      ])
      if (fs.statSync(mp4).size <= AIM) break
    }
    for (const crf of [30, 35, 40, 45, 50]) {
      await run("ffmpeg", [
        ...input,
        "-an",
        "-c:v",
        "libvpx-vp9",
        "-b:v",
        "0",
        "-crf",
        String(crf),
        "-pix_fmt",
        "yuv420p",
        "-row-mt",
        "1",
        "-deadline",
        "good",
        "-cpu-used",
        "2",
        "-g",
        String(FPS * 2),
        webm,
      ])
      if (fs.statSync(webm).size <= AIM) break
    }
    fs.rmSync(dir, { recursive: true, force: true })
    log(`${name}: mp4 ${(fs.statSync(mp4).size / 1024).toFixed(0)} KB, webm ${(fs.statSync(webm).size / 1024).toFixed(0)} KB`)
    for (const v of [mp4, webm]) if (fs.statSync(v).size > MAX) console.warn(`WARNING: ${path.relative(ROOT, v)} exceeds 1.5 MB`)
  }
}
log("done")
