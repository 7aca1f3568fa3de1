/**
 * @jest-environment node
 *
 * `npm run photos`, run on a gallery of its own: camera-size pictures are
 * stored at the largest size the site shows them, others are left alone, and
 * --dry-run changes nothing.
 */
import { spawn, spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { pathToFileURL } from "url"
import sharp from "sharp"
import { storePhotos } from "../../src/images/store-photos"

// the first run of tsx compiles the script and what it imports: 20-30 s here
jest.setTimeout(90_000)

const script = path.resolve("scripts/dev/photos.ts")
const tsx = path.resolve("node_modules/.bin/tsx")
let root: string
let gallery: string
beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "photos-"))
  gallery = path.join(root, "content", "gallery")
  fs.mkdirSync(gallery, { recursive: true })
  fs.mkdirSync(path.join(root, "tmp"))
  fs.copyFileSync(path.resolve("content/gallery/gallery.en.json"), path.join(gallery, "gallery.json"))
  const photo = sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#556b2f", noise: { type: "gaussian", mean: 110, sigma: 35 } } })
  await photo
    .clone()
    .jpeg({ quality: 92 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
    .toFile(path.join(gallery, "IMG_0001.JPG"))
  // a little larger than shown, but compressed harder than a copy would be: kept
  await photo.clone().resize(800, 600).jpeg({ quality: 70 }).toFile(path.join(gallery, "already-small.jpg"))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** The script in its own process, with its own temporary folder (where it must leave nothing) */
const tmp = () => path.join(root, "tmp")
const env = () => ({ ...process.env, TMPDIR: tmp() })
const run = (...args: string[]) => spawnSync(tsx, [script, ...args], { cwd: root, encoding: "utf8", env: env() })
const snapshot = () => Object.fromEntries(fs.readdirSync(gallery).map((name) => [name, fs.readFileSync(path.join(gallery, name))]))

it("with --dry-run, says what it would save and changes nothing", () => {
  const before = snapshot()
  const result = run("--dry-run")
  expect(result.status).toBe(0)
  expect(result.stdout).toMatch(/content\/gallery\/IMG_0001\.JPG: [\d.]+ MB → \d+ KB/)
  expect(result.stdout).not.toMatch(/already-small/)
  expect(result.stdout).toMatch(/1 of 2 pictures would be stored at the largest size the site shows them/)
  expect(snapshot()).toEqual(before)
})

it("stores a camera-size picture at the largest size shown, without its metadata, and leaves a small one as it is", async () => {
  const small = fs.readFileSync(path.join(gallery, "already-small.jpg"))
  const size = fs.statSync(path.join(gallery, "IMG_0001.JPG")).size
  const result = run()
  expect(result.status).toBe(0)
  expect(result.stdout).toMatch(/1 of 2 pictures were stored/)
  const stored = await sharp(path.join(gallery, "IMG_0001.JPG")).metadata()
  expect(stored).toMatchObject({ format: "jpeg", width: 810, height: 540 })
  expect(stored.exif).toBeUndefined()
  expect(fs.statSync(path.join(gallery, "IMG_0001.JPG")).size).toBeLessThan(size / 5)
  expect(fs.readFileSync(path.join(gallery, "already-small.jpg"))).toEqual(small)
  expect(fs.readdirSync(gallery).filter((name) => name.endsWith(".part"))).toEqual([])
  // a second run finds nothing left to do
  expect(run().stdout).toMatch(/0 of 2 pictures were stored/)
})

/** A camera photo cut off halfway, as an interrupted copy leaves it: its header is whole */
async function cutOff(name: string): Promise<Buffer> {
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#8a6d3b", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer()
  const cut = photo.subarray(0, photo.length / 2)
  fs.writeFileSync(path.join(gallery, name), cut)
  return cut
}

it("names a picture cut off, leaves it as it is, and stores the ones after it", async () => {
  // IMG_0000 comes before IMG_0001 in the gallery's order
  const cut = await cutOff("IMG_0000.JPG")
  const result = run()
  expect(result.stderr).toMatch(
    /^content\/gallery\/IMG_0000\.JPG: this picture is cut off: the file ends before the picture does \(a copy or upload that did not finish\); copy or export it again\. Left as it is\.$/m,
  )
  expect(result.stderr).not.toMatch(/VipsJpeg/)
  expect(result.stdout).toMatch(/content\/gallery\/IMG_0001\.JPG: [\d.]+ MB → \d+ KB/)
  expect(result.stdout).toMatch(/1 of 3 pictures were stored/)
  expect(result.status).toBe(1)
  expect(fs.readFileSync(path.join(gallery, "IMG_0000.JPG"))).toEqual(cut)
  expect((await sharp(path.join(gallery, "IMG_0001.JPG")).metadata()).width).toBe(810)
})

it("killed with -9, leaves nothing in the temporary folder, and the next run removes what it left beside the pictures", async () => {
  const originals = snapshot()
  // node itself, not tsx's launcher: the kill must reach the process that does the work
  const child = spawn(process.execPath, ["--import", pathToFileURL(require.resolve("tsx")).href, script], {
    cwd: root,
    env: env(),
    stdio: ["ignore", "pipe", "pipe"],
  })
  let out = ""
  const ended = new Promise((resolve) => child.once("exit", resolve))
  // killed once it has made its first smaller copy, the moment it used to hold one in /tmp/photos-*
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString()
    if (/→/.test(out)) child.kill("SIGKILL")
  })
  await ended
  expect(out).toMatch(/→/)
  expect(fs.readdirSync(tmp()).filter((name) => name.startsWith("photos-"))).toEqual([])
  // every picture whole: the original or its smaller copy
  for (const name of Object.keys(originals).filter((file) => file !== "gallery.json")) {
    await expect(sharp(path.join(gallery, name), { failOn: "warning" }).raw().toBuffer()).resolves.toBeInstanceOf(Buffer)
  }

  // what a run killed between its write and its rename leaves: a hidden copy named after its process, now gone
  const dead = spawnSync(process.execPath, ["-e", ""]).pid
  const left = path.join(gallery, `.IMG_0001.JPG.photos-${dead}.part`)
  fs.writeFileSync(left, "half a picture")
  // one of a run still going (this one) is its own
  const running = path.join(gallery, `.IMG_0001.JPG.photos-${process.pid}.part`)
  fs.writeFileSync(running, "a picture being written")
  const result = run("--dry-run")
  expect(result.status).toBe(0)
  expect(fs.existsSync(left)).toBe(false)
  expect(fs.existsSync(running)).toBe(true)
  expect(fs.readdirSync(tmp()).filter((name) => name.startsWith("photos-"))).toEqual([])
})

// /dev/full answers every write with the kernel's ENOSPC, as a full disk does
const itOnLinux = fs.existsSync("/dev/full") ? it : it.skip

itOnLinux("on a full disk, names the folder and leaves every picture as it was", async () => {
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#2f556b" } })
    .jpeg({ quality: 95 })
    .toFile(path.join(gallery, "IMG_0002.JPG"))
  const before = snapshot()
  const warned: string[] = []
  const report = await storePhotos(
    ["IMG_0001.JPG", "IMG_0002.JPG"].map((name) => path.join(gallery, name)),
    { cwd: root, say: () => {}, warn: (line) => warned.push(line), write: (_file, bytes) => fs.promises.writeFile("/dev/full", bytes) },
  )
  expect(warned).toEqual([
    "content/gallery/IMG_0001.JPG: not stored: the disk of content/gallery/ is full (ENOSPC). The picture is left as it was, and the one after it was not tried; free some space and run it again.",
  ])
  expect(report).toMatchObject({ changed: 0, failed: 1 })
  expect(snapshot()).toEqual(before)
})
