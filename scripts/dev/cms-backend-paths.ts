/**
 * The local CMS backend's confinement (see cms-local-backend.ts): the actions
 * of decap-server it lets through, with every path each one names, and why a
 * path is refused (outside the folders the CMS configuration names, or
 * through a link).
 */
import type { Dirent } from "node:fs"
import fs from "node:fs/promises"
import path from "node:path"
import type { CmsConfig, CmsField } from "../../src/cms/cms-config"

/** A path a request names: the parameter (for the refusal), its value, and whether it names a folder or a file */
interface NamedPath {
  name: string
  value: unknown
  folder?: boolean
}

export interface Action {
  /** Every path it reads, writes, lists or deletes */
  paths(params: unknown): NamedPath[]
  /** It changes files: it waits its turn */
  writes?: true
  /** It lists its folder this many levels down (decap-server's depth) and reads what it finds, links too */
  lists?(params: unknown): number
}

export const at = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined)

/** A list's items; a lone value where decap-server expects a list is checked as one item all the same */
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value])

const one =
  (name: string, folder?: true) =>
  (params: unknown): NamedPath[] => [{ name, value: at(params, name), folder }]

/** An entry's data file: where it is written, and where it moves when renamed (decap-server moves its whole folder's files) */
const dataFilePaths = (name: string, file: unknown): NamedPath[] =>
  file === undefined
    ? []
    : [
        { name: `${name}.path`, value: at(file, "path") },
        ...(at(file, "newPath") === undefined ? [] : [{ name: `${name}.newPath`, value: at(file, "newPath") }]),
      ]

/**
 * The actions of decap-server's file-system proxy (its localFs middleware),
 * each with every path it uses; any other action is refused, so a new one in
 * a later decap-server is refused until it is added here with its paths.
 * `branch` and `cmsLabelPrefix` name no file here: only decap-server's Git
 * proxy reads them, in the editorial workflow's actions, refused here.
 */
export const ACTIONS = new Map<string, Action>([
  ["info", { paths: () => [] }],
  ["getDeployPreview", { paths: () => [] }],
  ["entriesByFolder", { paths: one("folder", true), lists: (params) => Number(at(params, "depth")) || 1 }],
  ["entriesByFiles", { paths: (params) => items(at(params, "files")).map((file, index) => ({ name: `files[${index}].path`, value: at(file, "path") })) }],
  ["getEntry", { paths: one("path") }],
  [
    "persistEntry",
    {
      writes: true,
      paths: (params) => [
        ...dataFilePaths("entry", at(params, "entry")),
        ...items(at(params, "dataFiles")).flatMap((file, index) => dataFilePaths(`dataFiles[${index}]`, file ?? null)),
        ...items(at(params, "assets")).map((asset, index) => ({ name: `assets[${index}].path`, value: at(asset, "path") })),
      ],
    },
  ],
  ["getMedia", { paths: one("mediaFolder", true), lists: () => 1 }],
  ["getMediaFile", { paths: one("path") }],
  ["persistMedia", { writes: true, paths: (params) => [{ name: "asset.path", value: at(at(params, "asset"), "path") }] }],
  ["deleteFile", { writes: true, paths: one("path") }],
  ["deleteFiles", { writes: true, paths: (params) => items(at(params, "paths")).map((value, index) => ({ name: `paths[${index}]`, value })) }],
])

/** The media folders of a collection's fields, nested ones too, as the configuration writes them (relative to the entry) */
function fieldMediaFolders(fields: CmsField[] = []): string[] {
  return fields.flatMap((field) => [
    ...(field.media_folder === undefined ? [] : [field.media_folder]),
    ...fieldMediaFolders(field.fields),
    ...fieldMediaFolders(field.field ? [field.field] : []),
  ])
}

/**
 * The folders the CMS configuration names, relative to the project: each
 * collection's folder or its files' folders, the media library's folder,
 * and each file field's upload folder (relative to the entry; "/" from the
 * project's root, as Decap reads it). Derived, not listed, so a new content
 * folder is editable with no change here; never anything outside content/.
 */
export function editableFolders(config: CmsConfig): Set<string> {
  const entryFolders = config.collections.flatMap((collection) =>
    collection.folder
      ? [{ folder: collection.folder, fields: collection.fields }]
      : (collection.files ?? []).map((file) => ({ folder: path.posix.dirname(file.file), fields: file.fields })),
  )
  const named = [
    config.media_folder,
    ...entryFolders.flatMap(({ folder, fields }) => [
      folder,
      ...fieldMediaFolders(fields).map((media) => (media.startsWith("/") ? media.slice(1) : path.posix.join(folder, media))),
    ]),
  ]
  const inContent = (folder: string | undefined): folder is string => folder === "content" || Boolean(folder?.startsWith("content/"))
  return new Set(named.map(relativePath).filter(inContent))
}

/**
 * The path as plain segments relative to the project, or undefined when it
 * is not one: not a string, absolute, with `..`, a backslash or NUL. `.` and
 * doubled or trailing slashes are dropped, as the file system would.
 */
export function relativePath(value: unknown): string | undefined {
  if (typeof value !== "string" || /[\\\0]/.test(value) || path.posix.isAbsolute(value) || /^[a-z]:/i.test(value)) return undefined
  const segments = value.split("/").filter((segment) => segment !== "" && segment !== ".")
  return segments.length === 0 || segments.includes("..") ? undefined : segments.join("/")
}

/** ENOENT and ENOTDIR: not there, which is fine for a path about to be written */
async function lstatIfThere(file: string) {
  return fs.lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined
    throw error
  })
}

/**
 * The first link on the way from the project's root to `relative`, through
 * the part that exists (a dangling link counts: writing through it creates
 * its target); then that part, resolved, must be where the path says, under
 * the real root. decap-server follows links that stay in the checkout.
 */
async function linkOnTheWay(root: string, realRoot: string, relative: string): Promise<string | undefined> {
  let existing = ""
  for (const segment of relative.split("/")) {
    const next = path.posix.join(existing, segment)
    const stat = await lstatIfThere(path.join(root, next))
    if (!stat) break
    if (stat.isSymbolicLink()) return next
    existing = next
  }
  return (await fs.realpath(path.join(root, existing))) === path.join(realRoot, existing) ? undefined : existing || "."
}

/** The first link in a folder, `depth` levels down as decap-server lists it: it would read the file the link leads to */
async function linkInFolder(root: string, folder: string, depth: number): Promise<string | undefined> {
  if (depth <= 0) return undefined
  const entries = await fs.readdir(path.join(root, folder), { withFileTypes: true }).catch((): Dirent[] => [])
  for (const entry of entries) {
    const relative = path.posix.join(folder, entry.name)
    if (entry.isSymbolicLink()) return relative
    const below = entry.isDirectory() ? await linkInFolder(root, relative, depth - 1) : undefined
    if (below) return below
  }
  return undefined
}

export interface Place {
  root: string
  realRoot: string
  folders: Set<string>
}

/** Why the request may not use this path, or undefined when it may */
async function refusalOf(place: Place, { name, value, folder }: NamedPath): Promise<string | undefined> {
  const relative = relativePath(value)
  if (relative === undefined) return `${name} ${JSON.stringify(value) ?? "(missing)"} is not a path relative to the project without "..", "\\" or NUL.`
  if (!place.folders.has(folder ? relative : path.posix.dirname(relative))) {
    return `${name} "${relative}" is outside the folders the CMS configuration names (${[...place.folders].join(", ")}).`
  }
  const link = await linkOnTheWay(place.root, place.realRoot, relative)
  return link ? `${name} "${relative}" goes through the link ${link}: the local CMS backend follows no links.` : undefined
}

/** Why the action may not run with these parameters, or undefined when it may: its first path refused, or a link in a folder it lists */
export async function refusalOfAction(place: Place, action: Action, params: unknown): Promise<string | undefined> {
  for (const named of action.paths(params)) {
    const refusal = await refusalOf(place, named)
    if (refusal) return refusal
  }
  const folder = action.lists && relativePath(action.paths(params)[0]?.value)
  const link = folder && action.lists ? await linkInFolder(place.root, folder, action.lists(params)) : undefined
  return link ? `${folder} holds the link ${link}: the local CMS backend lists no folder with links in it.` : undefined
}
