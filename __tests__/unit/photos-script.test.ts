/**
 * @jest-environment node
 *
 * `npm run photos`, run on a gallery of its own: camera-size pictures are
 * stored at the largest size the site shows them, others are left alone, and
 * --dry-run changes nothing.
 */
import { spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import sharp from "sharp"

// the first run of tsx compiles the script and what it imports: 20-30 s here
jest.setTimeout(90_000)

const script = path.resolve("scripts/photos.ts")
const tsx = path.resolve("node_modules/.bin/tsx")
let root: string
let gallery: string
beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "photos-"))
  gallery = path.join(root, "content", "gallery")
  fs.mkdirSync(gallery, { recursive: true })
  fs.copyFileSync(path.resolve("content/gallery/gallery.json"), path.join(gallery, "gallery.json"))
  const photo = sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#556b2f", noise: { type: "gaussian", mean: 110, sigma: 35 } } })
  await photo.clone().jpeg({ quality: 92 }).withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } }).toFile(path.join(gallery, "IMG_0001.JPG"))
  // a little larger than shown, but compressed harder than a copy would be: kept
  await photo.clone().resize(800, 600).jpeg({ quality: 70 }).toFile(path.join(gallery, "already-small.jpg"))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const run = (...args: string[]) => spawnSync(tsx, [script, ...args], { cwd: root, encoding: "utf8" })
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
