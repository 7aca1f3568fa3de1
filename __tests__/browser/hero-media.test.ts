/**
 * The hero loops as the browser decodes them: each slide has an MP4 and a
 * WebM clip of 6–10 s and at most 1.5 MB, silent, moving, seamless, whose
 * first frame is the slide's poster image.
 */
import fs from "fs"
import path from "path"
import { ROOT, readContent } from "../support/serve"
import { closeAll, openPage, origin } from "../support/browser"

jest.setTimeout(120_000)
afterAll(closeAll)

type Slide = { poster: string; video: string; videoWebm?: string }
const { slides } = readContent<{ slides: Slide[] }>("hero/hero.en.json")
const MAX_BYTES = 1.5 * 1024 * 1024

describe.each(slides.map((slide, index) => [index + 1, slide] as const))("hero slide %i", (_n, slide) => {
  const clips = [slide.video, slide.videoWebm].filter((clip): clip is string => Boolean(clip))

  it("has clips of at most 1.5 MB", () => {
    expect(clips.length).toBeGreaterThanOrEqual(1)
    for (const clip of clips) {
      expect({ clip, small: fs.statSync(path.join(ROOT, "content/hero", clip)).size <= MAX_BYTES }).toEqual({ clip, small: true })
    }
  })

  it.each(clips)("%s lasts 6–10 s, is silent, moves, loops seamlessly and starts on the poster", async (clip) => {
    // The clip and poster are read straight from content/ through data URLs, so
    // the check is about the files an editor ships, not about the page (whose
    // Content-Security-Policy rightly refuses data: media: hence bypassCSP).
    const page = await openPage(800, { bypassCSP: true })
    await page.goto(`${origin()}/404.html`)
    const read = (file: string) => fs.readFileSync(path.join(ROOT, "content/hero", file)).toString("base64")
    const type = clip.endsWith(".webm") ? "video/webm" : "video/mp4"
    const result = await page.evaluate(
      async ({ video, poster }) => {
        const element = document.createElement("video")
        element.muted = true
        element.src = video
        await new Promise((resolve, reject) => {
          element.addEventListener("loadeddata", resolve, { once: true })
          element.addEventListener("error", () => reject(new Error("cannot decode")), { once: true })
        })
        const seek = (t: number) =>
          new Promise((resolve) => {
            element.addEventListener("seeked", resolve, { once: true })
            element.currentTime = t
          })
        await seek(0)
        const image = new Image()
        image.src = poster
        await image.decode()
        const draw = (source: CanvasImageSource) => {
          const canvas = document.createElement("canvas")
          canvas.width = 160
          canvas.height = 90
          const context = canvas.getContext("2d") as CanvasRenderingContext2D
          context.drawImage(source, 0, 0, 160, 90)
          return context.getImageData(0, 0, 160, 90).data
        }
        const difference = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
          let total = 0
          for (let i = 0; i < a.length; i += 4) total += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)
          return total / ((a.length / 4) * 3)
        }
        const first = draw(element)
        const meanDifference = difference(first, draw(image))
        // how far the picture moves from its start at a few off-beat times
        let motion = 0
        for (const share of [0.17, 0.39, 0.61, 0.83]) {
          await seek(element.duration * share)
          motion = Math.max(motion, difference(first, draw(element)))
        }
        // one ordinary frame step, and the step from the last frame back to the first (24 fps)
        await seek(1.5 / 24)
        const step = difference(first, draw(element))
        await seek(element.duration - 0.5 / 24)
        const seam = difference(first, draw(element))
        await seek(0)
        await element.play()
        await new Promise((resolve) => setTimeout(resolve, 500))
        const audioBytes = (element as HTMLVideoElement & { webkitAudioDecodedByteCount?: number }).webkitAudioDecodedByteCount ?? 0
        return { duration: element.duration, meanDifference, audioBytes, motion, seam, step }
      },
      { video: `data:${type};base64,${read(clip)}`, poster: `data:image/jpeg;base64,${read(slide.poster)}` },
    )
    expect(result.duration).toBeGreaterThanOrEqual(6)
    expect(result.duration).toBeLessThanOrEqual(10)
    expect(result.audioBytes).toBe(0)
    // Mean difference per channel on a 0–255 scale; encoding noise stays well under 8.
    expect(result.meanDifference).toBeLessThan(8)
    console.log(
      `${clip}: poster difference ${result.meanDifference.toFixed(2)}, motion ${result.motion.toFixed(2)}, frame step ${result.step.toFixed(2)}, seam ${result.seam.toFixed(2)}`,
    )
    // Mean differences per channel (0–255) on a 160 × 90 copy. The scene moves
    // within the loop, and the jump from the last frame back to the first is
    // smaller than that movement and within encoding noise (seamless).
    expect(result.motion).toBeGreaterThan(0.3)
    expect(result.seam).toBeLessThan(Math.min(1, result.motion))
    await page.context().close()
  })
})
