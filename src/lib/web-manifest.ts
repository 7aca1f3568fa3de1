import { localizedPath, type Language } from "./languages"

/** Where a language's web manifest is served: /manifest.webmanifest, /hi/manifest.webmanifest */
export const manifestPath = (code: string): string => localizedPath("/manifest.webmanifest", code)

export interface ManifestContent {
  site: { description: string; language: string; manifest: { shortName: string; themeColor: string; backgroundColor: string } }
  company: { name: string }
}

/**
 * A language's web manifest, from its content: the app starts on that
 * language's home page and is described in its words. The icons are the ones
 * `npm run art` draws into static/icons.
 */
export function webManifest(language: Language, { site, company }: ManifestContent): Record<string, unknown> {
  return {
    name: company.name,
    short_name: site.manifest.shortName,
    description: site.description,
    lang: site.language,
    start_url: localizedPath("/", language.code),
    display: "standalone",
    background_color: site.manifest.backgroundColor,
    theme_color: site.manifest.themeColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  }
}
