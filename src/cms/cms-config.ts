/**
 * The editors' CMS configuration (Decap CMS, at /admin), derived from the
 * content model (src/content/model/*.graphql) and never written by hand: a
 * field added to the SDL appears in the CMS with no second edit, with its
 * description as the hint and its `!` as "required".
 *
 * - Each `*Json` type is a folder collection named after its folder of
 *   content/; a type with @entryPerFile (solutions) has one entry per page,
 *   the others one entry (their folder's file), which editors can neither
 *   add to nor delete.
 * - Every language of src/lib/languages.ts side by side (Decap's i18n):
 *   an entry is <name>.<code>.json per language (about.en.json,
 *   about.hi.json), Decap's `multiple_files` structure. Decap allows only
 *   `single_file` (every language in one file) in a file collection, hence
 *   folder collections for the one-file folders too. A shared field (a
 *   number, a switch, a file, an @shared text: src/content/translations.ts
 *   isShared, the rule the build checks) is `i18n: duplicate`, copied from
 *   English and locked in the other languages; every other field is
 *   translated (`i18n: true`). Decap takes no `duplicate` on a list or a
 *   group (each language has its own), and locks and copies shared fields
 *   at the top and in groups, not inside list items; there the build's
 *   translation check holds the figure.
 * - String → a one-line box, or a text area with @multiline; Int → a number;
 *   Boolean → a switch; an object type → a group of its fields; a list → a
 *   list of those.
 * - File fields (@file) → an image picker for pictures, a file picker for
 *   videos; an upload lands beside the JSON file (or in the @file `folder`),
 *   so the value is the file name relative to the JSON file, as editors
 *   write it by hand.
 * - The media library's own folder is that of the @dropIn type (the
 *   gallery): a picture uploaded there joins the gallery with no JSON edit.
 */
import {
  getDirectiveValues,
  getNullableType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql"
import { contentSchema, fileRule } from "../content/schema"
import { contentTypes, dropInFolder } from "../content/folders"
import { isShared } from "../content/translations"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../lib/languages"

/** A Decap field (the options used here; https://decapcms.org/docs/widgets/) */
export interface CmsField {
  name: string
  label: string
  widget: "string" | "text" | "number" | "boolean" | "image" | "file" | "object" | "list"
  hint?: string
  required: boolean
  /** Translated per language (true), or one value copied from the default language ("duplicate") */
  i18n?: true | "duplicate"
  value_type?: "int" | "float"
  fields?: CmsField[]
  field?: CmsField
  collapsed?: boolean
  label_singular?: string
  media_folder?: string
  public_folder?: string
  choose_url?: boolean
  pattern?: [string, string]
}

export interface CmsFile {
  name: string
  label: string
  file: string
  fields: CmsField[]
}

export interface CmsCollection {
  name: string
  label: string
  description?: string
  /** What the collection edits: its folder (one entry per file, in every language) or its one file */
  folder?: string
  files?: CmsFile[]
  /** Every language side by side, as the configuration's `i18n` says */
  i18n?: true
  create?: boolean
  delete?: boolean
  extension?: "json"
  format: "json"
  identifier_field?: string
  slug?: string
  summary?: string
  sortable_fields?: string[]
  fields?: CmsField[]
}

export type CmsBackend =
  | { name: "github"; repo: string; branch: string; base_url?: string; auth_endpoint?: string; api_root?: string }
  | { name: "gitea"; repo: string; branch: string; base_url: string; api_root: string; app_id: string }
  | { name: "proxy"; proxy_url: string; branch?: string }

/** The languages the CMS edits side by side (https://decapcms.org/docs/i18n/) */
export interface CmsI18n {
  /** <folder>/<name>.<code>.json: content/about/about.hi.json */
  structure: "multiple_files"
  locales: string[]
  default_locale: string
}

export interface CmsConfig {
  backend: CmsBackend
  local_backend?: boolean | { url: string; allowed_hosts?: string[] }
  publish_mode?: "editorial_workflow"
  media_folder: string
  public_folder: string
  site_url?: string
  omit_empty_optional_fields: true
  i18n: CmsI18n
  collections: CmsCollection[]
}

/** Every language of src/lib/languages.ts, English first: the CMS's editing language is the content's own */
export const cmsI18n = (): CmsI18n => ({
  structure: "multiple_files",
  locales: [DEFAULT_LANGUAGE.code, ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => language.code)],
  default_locale: DEFAULT_LANGUAGE.code,
})

/** "mainHeading" → "Main heading", "why-choose-us" → "Why choose us", "id" → "ID" */
export function labelOf(name: string): string {
  if (name.toLowerCase() === "id") return "ID"
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase()
    .replace(/\bid\b/g, "ID")
    .replace(/\burl\b/g, "URL")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const PICTURE_FORMATS = new Set(["jpg", "jpeg", "png", "webp", "avif", "svg", "gif"])

function directive(model: GraphQLSchema, name: string, node: Parameters<typeof getDirectiveValues>[1] | undefined): Record<string, unknown> | undefined {
  const definition = model.getDirective(name)
  return definition && node ? (getDirectiveValues(definition, node) as Record<string, unknown> | undefined) : undefined
}

/** One field of the model as a CMS widget */
export function cmsField(model: GraphQLSchema, owner: GraphQLObjectType, field: GraphQLField<unknown, unknown>): CmsField {
  const widget = widgetFor(model, field.type, {
    name: field.name,
    label: labelOf(field.name),
    hint: field.description ?? undefined,
    multiline: Boolean(directive(model, "multiline", field.astNode ?? undefined)),
    file: fileRule(`${owner.name}.${field.name}`, model),
  })
  const i18n = isShared(field) ? "duplicate" : true
  // Decap takes only true or false on a list or a group: each language has its own, and its items or fields say what they are
  if (widget.widget === "list" || widget.widget === "object") return { ...widget, i18n: true, ...(widget.field ? { field: { ...widget.field, i18n } } : {}) }
  return { ...widget, i18n }
}

interface FieldFacts {
  name: string
  label: string
  hint?: string
  multiline: boolean
  file?: ReturnType<typeof fileRule>
}

function widgetFor(model: GraphQLSchema, type: GraphQLOutputType, facts: FieldFacts): CmsField {
  const required = isNonNullType(type)
  const base = getNullableType(type)
  const common = { name: facts.name, label: facts.label, ...(facts.hint ? { hint: facts.hint } : {}), required }
  if (isListType(base)) {
    const item = getNullableType(base.ofType)
    const singular = { label_singular: labelOf(facts.name.replace(/s$/, "")).toLowerCase() }
    if (isObjectType(item)) return { ...common, ...singular, widget: "list", collapsed: false, fields: objectFields(model, item) }
    // a list of plain values: each item is one of them, named after the list
    const { name: _n, label: _l, hint: _h, ...single } = widgetFor(model, base.ofType, { ...facts, label: labelOf(facts.name.replace(/s$/, "")) })
    return { ...common, ...singular, widget: "list", field: { ...single, name: facts.name, label: labelOf(facts.name.replace(/s$/, "")) } }
  }
  if (isObjectType(base)) {
    if (base.name === "File") {
      const rule = facts.file
      if (!rule) throw new Error(`${facts.name} is a File without @file: the CMS cannot say what it accepts. Add @file to the field in src/content/model/.`)
      const picture = rule.formats.every((format) => PICTURE_FORMATS.has(format))
      const accepts = `Accepts ${rule.formats.join(", ")}${rule.minWidth ? `, at least ${rule.minWidth} px wide` : ""}.`
      return {
        ...common,
        hint: [facts.hint, accepts].filter(Boolean).join(" "),
        widget: picture ? "image" : "file",
        media_folder: rule.folder,
        public_folder: rule.folder,
        choose_url: false,
      }
    }
    return { ...common, widget: "object", collapsed: false, fields: objectFields(model, base) }
  }
  switch (base.name) {
    case "String":
    case "ID":
      return { ...common, widget: facts.multiline ? "text" : "string" }
    case "Int":
      return { ...common, widget: "number", value_type: "int" }
    case "Float":
      return { ...common, widget: "number", value_type: "float" }
    case "Boolean":
      return { ...common, widget: "boolean" }
    default:
      throw new Error(`${facts.name}: the CMS has no widget for ${base.name}; add one in src/cms/cms-config.ts.`)
  }
}

/** The content fields of a type: those declared in the SDL (computed fields come from resolvers, not from editors) */
export function objectFields(model: GraphQLSchema, type: GraphQLObjectType): CmsField[] {
  return Object.values(type.getFields())
    .filter((field) => field.name !== "id" || !type.getInterfaces().some((face) => face.name === "Node"))
    .map((field) => cmsField(model, type, field))
}

export function cmsCollections(contentDir: string, model: GraphQLSchema = contentSchema()): CmsCollection[] {
  return contentTypes(contentDir, model).map(({ folder, type }) => {
    const label = labelOf(folder)
    const fields = objectFields(model, type)
    const described = type.description ? { description: type.description.replace(/\s+/g, " ").trim() } : {}
    const names = fields.map((field) => field.name)
    const common = { name: folder, label, ...described, folder: `content/${folder}`, i18n: true as const, extension: "json" as const, format: "json" as const }
    if (type.astNode?.directives?.some((use) => use.name.value === "entryPerFile")) {
      return {
        ...common,
        create: true,
        identifier_field: names.includes("title") ? "title" : names[0]!,
        ...(names.includes("slug") ? { slug: "{{fields.slug}}" } : {}),
        ...(names.includes("order") ? { sortable_fields: ["order", "title"].filter((name) => names.includes(name)) } : {}),
        fields,
      }
    }
    // one entry, content/<folder>/<folder>.<code>.json: listed under the collection's name, never added to or deleted
    const text = fields.filter((field) => field.widget === "string").map((field) => field.name)
    return { ...common, create: false, delete: false, identifier_field: text.includes("title") ? "title" : (text[0] ?? names[0]!), summary: label, fields }
  })
}

/** The origin of a URL, for a CSP source list */
const origin = (url: string) => new URL(url).origin

/**
 * The origins a backend's CMS talks to, for the CMS's Content-Security-Policy
 * (src/security/header-rules.ts): its API and its server (Gitea's OAuth, GitHub's
 * raw files); GitHub's avatars are pictures too.
 */
export function cmsBackendOrigins(backend: CmsBackend): { connect: string[]; images: string[] } {
  const connect =
    backend.name === "proxy"
      ? [origin(backend.proxy_url)]
      : backend.name === "gitea"
        ? [origin(backend.api_root), origin(backend.base_url)]
        : [origin(backend.api_root ?? "https://api.github.com"), "https://raw.githubusercontent.com"]
  return { connect, images: [...(backend.name === "github" ? ["https://avatars.githubusercontent.com"] : []), ...connect] }
}

export type CmsEnvironment = Partial<
  Record<"CMS_BACKEND" | "CMS_REPO" | "CMS_BRANCH" | "CMS_BASE_URL" | "CMS_AUTH_ENDPOINT" | "CMS_API_ROOT" | "CMS_APP_ID", string>
>

/**
 * The production backend, from the build's environment (docs/cms.md):
 * GitHub with an OAuth provider, or a self-hosted Gitea or Forgejo (Decap's
 * gitea backend speaks to both).
 */
export function productionBackend(env: CmsEnvironment): CmsBackend {
  const kind = env.CMS_BACKEND ?? "github"
  const repo = env.CMS_REPO ?? "owner/waste-to-energy-site"
  const branch = env.CMS_BRANCH ?? "main"
  if (kind === "github") {
    return {
      name: "github",
      repo,
      branch,
      ...(env.CMS_BASE_URL ? { base_url: env.CMS_BASE_URL } : {}),
      ...(env.CMS_AUTH_ENDPOINT ? { auth_endpoint: env.CMS_AUTH_ENDPOINT } : {}),
      ...(env.CMS_API_ROOT ? { api_root: env.CMS_API_ROOT } : {}),
    }
  }
  if (kind === "gitea" || kind === "forgejo") {
    const missing = (["CMS_BASE_URL", "CMS_APP_ID"] as const).filter((name) => !env[name])
    if (missing.length)
      throw new Error(
        `CMS_BACKEND=${kind} needs ${missing.join(" and ")}: the address of the Gitea or Forgejo server and the OAuth application's client ID (docs/cms.md).`,
      )
    const base = env.CMS_BASE_URL!.replace(/\/+$/, "")
    return { name: "gitea", repo, branch, base_url: base, api_root: env.CMS_API_ROOT ?? `${base}/api/v1`, app_id: env.CMS_APP_ID! }
  }
  throw new Error(`CMS_BACKEND is "${kind}": use github, gitea or forgejo (docs/cms.md).`)
}

/** The local backend's port: `npm run cms` starts it (scripts/dev/cms-local-backend.ts), /admin under `npm run develop` talks to it */
export const localBackendPort = (env: NodeJS.ProcessEnv = process.env) => Number(env.CMS_LOCAL_PORT) || 8081

/** The backend of /admin under `npm run develop`: the local one, on loopback */
export const localBackend = (): CmsBackend => ({ name: "proxy", proxy_url: `http://127.0.0.1:${localBackendPort()}/api/v1` })

/**
 * The whole configuration. `local`: the one `npm run develop` serves, which
 * saves straight into the checkout through `npm run cms`; otherwise the
 * production one (public/admin/config.yml), where every save is a draft
 * (a pull request) until it is published, and the build checks it.
 */
export function cmsConfig(
  contentDir: string,
  {
    local = false,
    env = {} as CmsEnvironment,
    siteUrl,
    model = contentSchema(),
  }: { local?: boolean; env?: CmsEnvironment; siteUrl?: string; model?: GraphQLSchema } = {},
): CmsConfig {
  const mediaFolder = dropInFolder(contentDir, model) ?? "content"
  return {
    backend: local ? localBackend() : productionBackend(env),
    ...(local ? {} : { publish_mode: "editorial_workflow" as const }),
    media_folder: mediaFolder,
    // values name files relative to the JSON file: an upload to the library is named by its file name
    public_folder: "",
    ...(siteUrl ? { site_url: siteUrl } : {}),
    omit_empty_optional_fields: true,
    i18n: cmsI18n(),
    collections: cmsCollections(contentDir, model),
  }
}
