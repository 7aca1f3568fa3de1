// Camera-size test photos for `npm run measure:builds -- --photos N` and the
// photo tests: 6000 x 4000 JPEGs at quality 90 whose detail falls off with
// scale as in a photograph (noise summed over octaves, each half as strong as
// the one twice its size, with a mild grain), so that encoders work on them
// as on real photos rather than on flat colour or pure noise. Deterministic:
// the same seed gives the same file.
import sharp from "sharp"
import { mulberry32 } from "./random"

/** Noise w x h with channels, scaled up to width x height (smooth) */
async function layer(next: () => number, width: number, height: number, scale: number, channels: 1 | 3): Promise<Buffer> {
  const w = Math.max(2, Math.round(width / scale))
  const h = Math.max(2, Math.round(height / scale))
  const noise = Buffer.alloc(w * h * channels)
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(next() * 256)
  return scale === 1
    ? noise
    : sharp(noise, { raw: { width: w, height: h, channels } })
        .resize(width, height, { kernel: "cubic" })
        .raw()
        .toBuffer()
}

/**
 * The raw RGB pixels of a photo-like picture, width x height: brightness
 * detail at every scale from 1/200 of the picture down to single pixels (each
 * octave 0.62 times as strong as the one above), and colour that varies only
 * slowly, as in a photograph.
 */
export async function photoPixels(width: number, height: number, seed = 1): Promise<Buffer> {
  const next = mulberry32(seed)
  const light = new Float32Array(width * height)
  let amplitude = 1
  let total = 0
  for (let scale = 200; scale >= 1; scale = Math.floor(scale / 2)) {
    const noise = await layer(next, width, height, scale, 1)
    for (let i = 0; i < light.length; i += 1) light[i]! += (noise[i]! - 128) * amplitude
    total += amplitude
    amplitude *= 0.62
  }
  const colour = await layer(next, width, height, 150, 3)
  const pixels = Buffer.alloc(width * height * 3)
  const gain = 2.6 / total
  for (let i = 0; i < light.length; i += 1) {
    const base = 120 + light[i]! * gain
    for (let c = 0; c < 3; c += 1) pixels[i * 3 + c] = Math.max(0, Math.min(255, base + (colour[i * 3 + c]! - 128) * 0.25))
  }
  return pixels
}

/**
 * Writes a camera-size JPEG to file, with the metadata a camera writes
 * (make, model, serial, GPS position) so that tests can see it is stripped.
 * orientation: the EXIF orientation tag (6: the camera was turned, the pixels are not).
 */
export async function writeCameraPhoto(file: string, { width = 6000, height = 4000, seed = 1, orientation = 1, quality = 90 } = {}): Promise<void> {
  const pixels = await photoPixels(width, height, seed)
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    // sharp writes the orientation tag from withMetadata, not from withExif's IFD0
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: "Canon", Model: "EOS 90D" },
      IFD2: { BodySerialNumber: "CAM-SERIAL-0042" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
    })
    .toFile(file)
}

// Run by itself (npx tsx scripts/lib/camera-photos.ts <file> [seed]): writes one photo.
if (require.main === module) {
  const started = performance.now()
  writeCameraPhoto(process.argv[2] ?? "camera.jpg", { seed: Number(process.argv[3] ?? 1) }).then(() =>
    console.log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`),
  )
}
