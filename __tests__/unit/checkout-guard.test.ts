/**
 * The guard the rebuild tests change the project under: a run killed before
 * its afterAll leaves nothing changed past the next run's start.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { checkoutGuard, guardDir } from "../support/checkout-guard"

let root: string

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "guarded-"))
  fs.mkdirSync(path.join(root, "content"))
  fs.writeFileSync(path.join(root, "content", "photo.jpg"), "drawn")
})

afterEach(() => {
  fs.rmSync(guardDir(root), { recursive: true, force: true })
  fs.rmSync(root, { recursive: true, force: true })
})

it("puts back a changed file and removes a created one on restore, and twice is harmless", () => {
  const guard = checkoutGuard(root)
  guard.save("content/photo.jpg", "content/dropped.jpg")
  fs.writeFileSync(path.join(root, "content", "photo.jpg"), "mirrored")
  fs.writeFileSync(path.join(root, "content", "dropped.jpg"), "new")
  guard.restore()
  guard.restore()
  expect(fs.readdirSync(path.join(root, "content"))).toEqual(["photo.jpg"])
  expect(fs.readFileSync(path.join(root, "content", "photo.jpg"), "utf8")).toBe("drawn")
  expect(fs.existsSync(guardDir(root))).toBe(false)
})

it("keeps the first saved copy when a file is saved again after it changed", () => {
  const guard = checkoutGuard(root)
  guard.save("content/photo.jpg")
  fs.writeFileSync(path.join(root, "content", "photo.jpg"), "mirrored")
  guard.save("content/photo.jpg")
  guard.restore()
  expect(fs.readFileSync(path.join(root, "content", "photo.jpg"), "utf8")).toBe("drawn")
})

it("has the next guard put back what a killed run left changed, before the test reads anything", () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {})
  try {
    // the killed run: saved and changed, never restored
    checkoutGuard(root).save("content/photo.jpg", "content/dropped.jpg")
    fs.writeFileSync(path.join(root, "content", "photo.jpg"), "mirrored")
    fs.writeFileSync(path.join(root, "content", "dropped.jpg"), "new")
    // the next run
    checkoutGuard(root)
    expect(fs.readFileSync(path.join(root, "content", "photo.jpg"), "utf8")).toBe("drawn")
    expect(fs.existsSync(path.join(root, "content", "dropped.jpg"))).toBe(false)
    expect(warn.mock.calls[0]?.[0]).toMatch(/put back 2 file\(s\) an interrupted test run had changed: content\/photo\.jpg, content\/dropped\.jpg/)
  } finally {
    warn.mockRestore()
  }
})
