/**
 * Photos as cameras, phones and brochures make them, for
 * `npm run test:other-content`: dropped into the copy's gallery before its
 * build, then the built pictures are checked. Each has a known look (which
 * way up it is, its colour, its transparency) so that the check can see that
 * the visitor gets it right, and camera metadata (GPS position, serial
 * number) that must not reach the published files.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { writeCameraPhoto } from "../../scripts/lib/camera-photos"

const RED = { r: 200, g: 30, b: 40 }
const BLUE = { r: 30, g: 60, b: 190 }
/** A colour printers use, given as sRGB; stored in the brochure file as CMYK */
const BROCHURE_GREEN = { r: 46, g: 125, b: 50 }
const SCAN_ORANGE = { r: 230, g: 120, b: 20 }

const CAMERA_EXIF = {
  IFD0: { Make: "Canon", Model: "EOS 90D" },
  IFD2: { BodySerialNumber: "CAM-SERIAL-0042" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
}

type Colour = typeof RED
interface Expectation {
  /** the file dropped into content/gallery/ */
  file: string
  /** its caption, made from the file name (no entry in gallery.json) */
  title: string
  /**
   * The mean colour of the top and the bottom quarter of every built picture,
   * or of its left and right quarter, when known. The gallery crops to 4:3
   * where the picture is most striking (gatsby-plugin-sharp's "attention"),
   * so each photo's colours run across the side the crop keeps whole.
   */
  top?: Colour
  bottom?: Colour
  left?: Colour
  right?: Colour
  /** a transparent left half, kept in the formats that can hold it */
  transparentLeft?: boolean
}

/** Two colour bands as raw pixels of width x height: first above second, or (side by side) left of it */
function bands(width: number, height: number, first: Colour, second: Colour, sideBySide = false): Buffer {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = (sideBySide ? x < width / 2 : y < height / 2) ? first : second
      pixels.set([colour.r, colour.g, colour.b], (y * width + x) * 3)
    }
  }
  return pixels
}

/** Adds the photos to a gallery folder; resolves to what the check expects of each, and a line per photo */
export async function addOddPhotos(gallery: string): Promise<{ expectations: Expectation[]; changes: string[] }> {
  const expectations: Expectation[] = []
  const changes: string[] = []
  const add = (expectation: Expectation, change: string) => {
    expectations.push(expectation)
    changes.push(change)
  }

  // A phone held upright: the sensor's pixels are landscape, EXIF orientation 6 says "turn 90° clockwise".
  // Shown upright, red is on the left and blue on the right (the 4:3 crop cuts rows only);
  // shown as stored, blue would be above red, and turned the wrong way, red above blue.
  const upright = await sharp(bands(3000, 4000, RED, BLUE, true), { raw: { width: 3000, height: 4000, channels: 3 } })
    .png()
    .toBuffer()
  await sharp(await sharp(upright).rotate(-90).toBuffer())
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif(CAMERA_EXIF)
    .toFile(path.join(gallery, "IMG_2001.JPG"))
  add(
    { file: "IMG_2001.JPG", title: "IMG 2001", left: RED, right: BLUE },
    "gallery: a portrait phone photo stored landscape with EXIF orientation 6 (IMG_2001.JPG)",
  )

  // A camera's 6000 x 4000 photo with its metadata, named as cameras name them
  await writeCameraPhoto(path.join(gallery, "IMG_1234.JPG"), { seed: 7 })
  add({ file: "IMG_1234.JPG", title: "IMG 1234" }, "gallery: a 6000 x 4000 camera photo with GPS and serial number (IMG_1234.JPG)")

  // From a brochure: CMYK
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: BROCHURE_GREEN } })
    .toColourspace("cmyk")
    .jpeg({ quality: 92 })
    .toFile(path.join(gallery, "brochure-cmyk.jpg"))
  add(
    { file: "brochure-cmyk.jpg", title: "Brochure cmyk", top: BROCHURE_GREEN, bottom: BROCHURE_GREEN },
    "gallery: a CMYK JPEG from a brochure (brochure-cmyk.jpg)",
  )

  // A scanner's 16-bit PNG
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: SCAN_ORANGE } })
    .toColourspace("rgb16")
    .png()
    .toFile(path.join(gallery, "scan-16bit.png"))
  add({ file: "scan-16bit.png", title: "Scan 16bit", top: SCAN_ORANGE, bottom: SCAN_ORANGE }, "gallery: a 16-bit PNG (scan-16bit.png)")

  // A cut-out with transparency: the left half transparent
  const cutOut = Buffer.alloc(1200 * 900 * 4)
  for (let index = 0; index < 1200 * 900; index += 1) {
    if (index % 1200 >= 600) cutOut.set([BLUE.r, BLUE.g, BLUE.b, 255], index * 4)
  }
  await sharp(cutOut, { raw: { width: 1200, height: 900, channels: 4 } })
    .png()
    .toFile(path.join(gallery, "cut-out.png"))
  add({ file: "cut-out.png", title: "Cut out", transparentLeft: true }, "gallery: a PNG with transparency (cut-out.png)")

  // A panorama, 12000 x 3000: red above, blue below (the 4:3 crop cuts columns only)
  await sharp(bands(12000, 3000, RED, BLUE), { raw: { width: 12000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(path.join(gallery, "panorama.jpg"))
  add({ file: "panorama.jpg", title: "Panorama", top: RED, bottom: BLUE }, "gallery: a 12000 x 3000 panorama (panorama.jpg)")

  // A 40 MB JPEG (a camera's largest, least compressed setting)
  await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
    .jpeg({ quality: 97 })
    .toFile(path.join(gallery, "IMG_9999.JPG"))
  const bigMegabytes = fs.statSync(path.join(gallery, "IMG_9999.JPG")).size / 2 ** 20
  add({ file: "IMG_9999.JPG", title: "IMG 9999" }, `gallery: a ${bigMegabytes.toFixed(0)} MB JPEG, 8000 x 6000 (IMG_9999.JPG)`)

  // A name with spaces and accents
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: RED } })
    .jpeg()
    .toFile(path.join(gallery, "Chaudière à biomasse été.jpeg"))
  add(
    { file: "Chaudière à biomasse été.jpeg", title: "Chaudière à biomasse été", top: RED, bottom: RED },
    "gallery: a name with spaces and accents (Chaudière à biomasse été.jpeg)",
  )

  return { expectations, changes }
}

interface GalleryPicture {
  title: string
  image: { childImageSharp: { gatsbyImageData: { images: { fallback: { srcSet: string }; sources: { srcSet: string; type: string }[] } } } | null }
}

const urlsOf = (srcSet: string) => srcSet.split(",").map((entry) => entry.trim().split(/\s+/)[0]!)
const near = (a: Colour, b: Colour, tolerance: number) =>
  Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance
const show = (colour: Colour) => `rgb(${colour.r}, ${colour.g}, ${colour.b})`

/** The mean colour of a band of an image: rows (or columns) from and to, fractions of its height (or width) */
async function meanColour(file: string, from: number, to: number, columns = false): Promise<Colour> {
  const { width, height } = await sharp(file).metadata()
  const size = columns ? width! : height!
  const start = Math.floor(size * from)
  const length = Math.max(1, Math.floor(size * to) - start)
  const region = columns ? { left: start, top: 0, width: length, height: height! } : { left: 0, top: start, width: width!, height: length }
  // stats() reads the input, not the pipeline's result: the band is cut out first
  const band = await sharp(file).extract(region).removeAlpha().png().toBuffer()
  const { channels } = await sharp(band).stats()
  const [r, g, b] = channels.map((channel) => Math.round(channel.mean))
  return { r: r!, g: g!, b: b! }
}

/**
 * Checks the built site in dir: every picture the gallery lists for each
 * photo (every width and format) shows it the right way up in its colours,
 * keeps transparency where its format can, and carries no camera metadata.
 * Resolves to one line per problem (none: all is well) and a summary.
 */
export async function checkOddPhotos(dir: string, expectations: Expectation[]): Promise<{ problems: string[]; summary: string }> {
  const pageData = JSON.parse(fs.readFileSync(path.join(dir, "public/page-data/index/page-data.json"), "utf8")) as {
    result: { data: { galleryJson: { pictures: GalleryPicture[] } } }
  }
  const pictures = pageData.result.data.galleryJson.pictures
  const problems: string[] = []
  let checked = 0
  for (const expected of expectations) {
    const picture = pictures.find((candidate) => candidate.title === expected.title)
    const data = picture?.image.childImageSharp?.gatsbyImageData
    if (!data) {
      problems.push(`${expected.file}: not in the home page's gallery (no picture titled "${expected.title}")`)
      continue
    }
    const files = [data.images.fallback.srcSet, ...data.images.sources.map((source) => source.srcSet)]
      .flatMap(urlsOf)
      .map((url) => path.join(dir, "public", decodeURIComponent(url)))
    for (const file of files) {
      const name = `${expected.file} → ${path.relative(path.join(dir, "public"), file)}`
      if (!fs.existsSync(file)) {
        problems.push(`${name}: missing`)
        continue
      }
      checked += 1
      const bytes = fs.readFileSync(file)
      const meta = await sharp(bytes).metadata()
      if (meta.exif || bytes.includes("CAM-SERIAL") || bytes.includes("Canon")) problems.push(`${name}: carries camera metadata (EXIF)`)
      if (meta.depth !== "uchar") problems.push(`${name}: ${meta.depth} samples, not 8-bit`)
      if (meta.space !== "srgb") problems.push(`${name}: colour space ${meta.space}, not sRGB`)
      if (expected.top && expected.bottom) {
        const [top, bottom] = await Promise.all([meanColour(file, 0, 0.25), meanColour(file, 0.75, 1)])
        if (!near(top, expected.top, 24) || !near(bottom, expected.bottom, 24)) {
          problems.push(`${name}: top ${show(top)} and bottom ${show(bottom)}, expected ${show(expected.top)} above and ${show(expected.bottom)} below`)
        }
      }
      if (expected.left && expected.right) {
        const [left, right] = await Promise.all([meanColour(file, 0, 0.25, true), meanColour(file, 0.75, 1, true)])
        if (!near(left, expected.left, 24) || !near(right, expected.right, 24)) {
          problems.push(
            `${name}: left ${show(left)} and right ${show(right)}, expected ${show(expected.left)} on the left and ${show(expected.right)} on the right`,
          )
        }
      }
      if (expected.transparentLeft) {
        const canHoldAlpha = !file.endsWith(".jpg")
        if (canHoldAlpha) {
          const { data: alpha, info } = await sharp(bytes).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true })
          const left = alpha[Math.floor(info.height / 2) * info.width + Math.floor(info.width / 8)]
          const right = alpha[Math.floor(info.height / 2) * info.width + Math.floor((info.width * 7) / 8)]
          if (left !== 0 || right !== 255) problems.push(`${name}: alpha ${left} on the left and ${right} on the right, expected 0 and 255`)
        }
      }
    }
  }
  return { problems, summary: `${expectations.length} photos, ${checked} built pictures checked` }
}
