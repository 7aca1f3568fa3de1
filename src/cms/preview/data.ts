/**
 * An entry as the CMS holds it (plain JSON, file fields naming a file) turned
 * into the shape the site's sections take from their fragments: each file
 * field becomes an object with `publicURL` and `childImageSharp` image data
 * that points at the file the CMS shows (an upload not yet saved included).
 * The walk follows the entry's field configuration, which src/cms/cms-config.ts
 * generates from the content model, so every file field is found.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { CmsField } from "../cms-config"

/**
 * A field's configuration as Decap hands it to previews (an Immutable.js
 * Map: its lists iterate); `configField` wraps a plain one the same way.
 */
export interface FieldConfig {
  get(key: "name" | "widget"): string | undefined
  get(key: "fields"): Iterable<FieldConfig> | undefined
  get(key: "field"): FieldConfig | undefined
  get(key: "required"): boolean | undefined
}

export function configField(field: CmsField): FieldConfig {
  const wrapped = {
    get: (key: string) => {
      if (key === "fields") return field.fields?.map(configField)
      if (key === "field") return field.field && configField(field.field)
      return field[key as "name" | "widget" | "required"]
    },
  }
  return wrapped as FieldConfig
}

/** Decap's getAsset: the URL of a file an entry names, for the field that names it */
export type AssetUrl = (value: string, field: FieldConfig) => string

export interface PreviewFile {
  publicURL: string
  childImageSharp: { gatsbyImageData: IGatsbyImageData }
}

/** A picture at its own URL; 4:3 until the browser has it (the sections crop to their own ratios) */
export function previewFile(url: string): PreviewFile {
  return {
    publicURL: url,
    childImageSharp: { gatsbyImageData: { layout: "constrained", width: 800, height: 600, images: { fallback: { src: url }, sources: [] } } },
  }
}

function convert(value: unknown, field: FieldConfig, assetUrl: AssetUrl): unknown {
  const fields = field.get("fields")
  const single = field.get("field")
  const widget = field.get("widget")
  if (widget === "image" || widget === "file") {
    if (typeof value === "string" && value !== "") return previewFile(assetUrl(value, field))
    // a required file not chosen yet (a new item's picture) shows as an empty picture, so the section still renders
    return field.get("required") === false ? null : previewFile("")
  }
  if (value === undefined || value === null) return null
  switch (widget) {
    case "object":
      return toFragmentData(value as Record<string, unknown>, fields ?? [], assetUrl)
    case "list":
      if (!Array.isArray(value)) return []
      if (fields) return value.map((item) => toFragmentData(item as Record<string, unknown>, fields, assetUrl))
      return single ? value.map((item) => convert(item, single, assetUrl)) : value
    default:
      return value
  }
}

/** The entry's data with every file field turned into a file the sections can show */
export function toFragmentData<T = Record<string, unknown>>(data: Record<string, unknown>, fields: Iterable<FieldConfig>, assetUrl: AssetUrl): T {
  const out: Record<string, unknown> = { ...data }
  for (const field of fields) out[field.get("name")!] = convert(data[field.get("name")!], field, assetUrl)
  return out as T
}
