/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import sharp from "sharp"
import { GALLERY_LARGEST, prepareRenditions, withRenditions } from "../../src/images/renditions"

const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 90, g: 140, b: 60, alpha: 0.5 }, noise: { type: "gaussian", mean: 120, sigma: 40 } } })

/** Peak signal-to-noise ratio of two same-size 8-bit images, in dB */
async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()])
  let sum = 0
  for (let i = 0; i < x.length; i += 1) sum += (x[i]! - y[i]!) ** 2
  return 10 * Math.log10((255 * 255) / (sum / x.length))
}

jest.setTimeout(30_000)

let dir: string
let copies: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "renditions-"))
  copies = path.join(dir, "copies")
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const copiesOf = () =>
  fs.existsSync(copies)
    ? fs.readdirSync(copies).flatMap((digest) => fs.readdirSync(path.join(copies, digest)).map((name) => path.join(copies, digest, name)))
    : []

describe("the gallery's working copies", () => {
  test("are the size of the largest picture GalleryCarousel's query asks for", () => {
    const fragment = fs.readFileSync(path.resolve("src/components/blocks/GalleryCarousel.tsx"), "utf8")
    const width = Number(/gatsbyImageData\([^)]*?width: (\d+)/s.exec(fragment)?.[1])
    const aspect = Number(/aspectRatio: ([\d.]+)/.exec(fragment)?.[1])
    const densities = /outputPixelDensities: \[([^\]]+)\]/.exec(fragment)![1]!.split(",").map(Number)
    const largest = width * Math.max(...densities)
    expect({ width: largest, height: Math.round(largest / aspect) }).toEqual(GALLERY_LARGEST)
  })

  test("are made upright, in sRGB and without camera metadata, only for pictures larger than shown, in their own format", async () => {
    const files = {
      portrait: path.join(dir, "IMG_1234.JPG"),
      cmyk: path.join(dir, "brochure.jpg"),
      deep: path.join(dir, "scan 16-bit.png"),
      transparent: path.join(dir, "logo.png"),
      small: path.join(dir, "small.jpg"),
    }
    // Landscape pixels that a camera held upright tagged with orientation 6, and its position
    await noise(3000, 2000)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "Camera", Model: "Model 7", Copyright: "Serial 0042" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
      .toFile(files.portrait)
    await noise(1600, 1200).toColourspace("cmyk").jpeg().toFile(files.cmyk)
    await noise(1600, 1200).toColourspace("rgb16").png().toFile(files.deep)
    await noise(1600, 1200, 4).png().toFile(files.transparent)
    await noise(640, 480).jpeg().toFile(files.small)

    const report = await prepareRenditions(Object.values(files), copies)
    expect(report.made.sort()).toEqual(["IMG_1234.JPG", "brochure.jpg", "logo.png", "scan 16-bit.png"])
    const made = Object.fromEntries(await Promise.all(copiesOf().map(async (file) => [path.basename(file), await sharp(file).metadata()] as const)))
    expect(made["IMG_1234.JPG"]).toMatchObject({ format: "jpeg", width: 720, height: 1080, space: "srgb" })
    expect(made["IMG_1234.JPG"]!.exif).toBeUndefined()
    expect(made["IMG_1234.JPG"]!.orientation).toBeUndefined()
    expect(made["brochure.jpg"]).toMatchObject({ format: "jpeg", width: 720, height: 540, space: "srgb", channels: 3 })
    expect(made["scan 16-bit.png"]).toMatchObject({ format: "png", width: 720, height: 540, space: "srgb", depth: "uchar" })
    expect(made["logo.png"]).toMatchObject({ format: "png", width: 720, height: 540, hasAlpha: true })
  })

  test("are kept while their picture is unchanged, and replaced or removed when it changes or leaves", async () => {
    const a = path.join(dir, "a.jpg")
    const b = path.join(dir, "b.jpg")
    await noise(2400, 1600).jpeg().toFile(a)
    await noise(1600, 2400).jpeg().toFile(b)
    expect((await prepareRenditions([a, b], copies)).made).toHaveLength(2)
    expect(await prepareRenditions([a, b], copies)).toEqual({ made: [], kept: 2, removed: 0 })

    const before = copiesOf()
    await noise(2400, 1600).flop().jpeg().toFile(a)
    expect(await prepareRenditions([a, b], copies)).toEqual({ made: ["a.jpg"], kept: 1, removed: 1 })
    expect(
      copiesOf()
        .filter((file) => !before.includes(file))
        .map((file) => path.basename(file)),
    ).toEqual(["a.jpg"])

    expect(await prepareRenditions([b], copies)).toEqual({ made: [], kept: 1, removed: 1 })
    expect(copiesOf().map((file) => path.basename(file))).toEqual(["b.jpg"])
  })

  test("are replaced when their picture is rewritten in place with its size, modification time and inode kept", async () => {
    const a = path.join(dir, "a.jpg")
    await noise(2400, 1600).jpeg().toFile(a)
    await prepareRenditions([a], copies)
    const [first] = copiesOf()
    const before = fs.statSync(a)
    // another picture written into the same file, padded to its byte length (a plain one, far smaller than noise;
    // a JPEG ends at its end marker), its times then set back as they were
    const other = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#2e7d32" } })
      .jpeg()
      .toBuffer()
    expect(other.length).toBeLessThan(fs.statSync(a).size)
    const bytes = fs.readFileSync(a)
    const handle = fs.openSync(a, "r+")
    try {
      fs.writeSync(handle, Buffer.concat([other, bytes]).subarray(0, before.size), 0, before.size, 0)
    } finally {
      fs.closeSync(handle)
    }
    fs.utimesSync(a, before.atimeMs / 1000, before.mtimeMs / 1000)
    const after = fs.statSync(a)
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino])
    expect(await prepareRenditions([a], copies)).toEqual({ made: ["a.jpg"], kept: 0, removed: 1 })
    expect(copiesOf()).not.toEqual([first])
  })

  test("give the pictures visitors get as the camera's file would, at every width the gallery makes", async () => {
    const photo = path.join(dir, "photo.jpg")
    await noise(4000, 3000).blur(1.2).jpeg({ quality: 90 }).toFile(photo)
    await prepareRenditions([photo], copies)
    const [copy] = copiesOf()
    for (const width of [360, 480, 720]) {
      const shown = (input: string) =>
        sharp(input)
          .resize(width, Math.round(width / 1.333), { position: sharp.strategy.attention })
          .jpeg({ quality: 72 })
          .toBuffer()
      const [direct, viaCopy] = await Promise.all([shown(photo), shown(copy!)])
      // 47-48 dB measured; a copy at JPEG 72, or smaller than shown, falls well below
      expect(await psnr(direct, viaCopy)).toBeGreaterThan(44)
    }
  })

  test("an unreadable file or a format not worth copying is left to the build as it is", async () => {
    const broken = path.join(dir, "broken.jpg")
    const gif = path.join(dir, "anim.gif")
    fs.writeFileSync(broken, "not a picture")
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2e7d32" } })
      .gif()
      .toFile(gif)
    expect(await prepareRenditions([broken, gif], copies)).toEqual({ made: [], kept: 0, removed: 0 })
  })
})

describe("withRenditions", () => {
  const file = (relativeDirectory: string, base: string, contentDigest: string) => ({ relativeDirectory, base, internal: { contentDigest } })
  test("matches a copy to its picture by the picture's digest and name", () => {
    const picture = file("gallery", "IMG_1.JPG", "abc")
    const other = file("gallery", "IMG_2.JPG", "def")
    const copy = file("abc", "IMG_1.JPG", "123")
    const stale = file("old", "IMG_2.JPG", "456")
    const found = withRenditions([picture, other], [copy, stale])
    expect(found.get(picture)).toBe(copy)
    expect(found.has(other)).toBe(false)
  })
})
