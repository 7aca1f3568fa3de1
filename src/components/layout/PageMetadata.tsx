import * as React from "react"
import { pageChrome } from "../../lib/chrome"
import { basePathOf, LANGUAGES, localizedPath, sitemapAlternates } from "../../lib/languages"
import { absolute, breadcrumbs, jsonLd, machineList, organization, type Machine } from "../../lib/structured-data"
import { SERVER_HEAD } from "../../lib/server-head"

export interface PageMetadataProps {
  /** The page's query, with its ...PageChrome */
  chrome: Queries.PageChromeFragment
  /** The page's full title, as its <title> has it */
  fullTitle: string
  /** The page's description, as its <meta name="description"> has it */
  text: string
  /** Path of the page, e.g. /product (or /hi/product) */
  pathname: string
  /** Not for search engines: no alternates, and a robots noindex */
  noindex?: boolean
  /** The page's name in its breadcrumb trail (Home › name): a BreadcrumbList; none on the home page */
  breadcrumb?: string
  /** The machines the page lists: an ItemList of Products */
  machines?: Machine[]
}

/**
 * What only search engines and link previews read, and read from the HTML:
 * the canonical URL, the alternates in each language, Open Graph and
 * Twitter card tags with an absolute picture, JSON-LD, robots. Rendered
 * into the server's HTML only: the browser bundle has a stand-in that
 * renders nothing (src/webpack/stand-ins/no-page-metadata.js), so no page
 * carries the code, and each tag is marked (SERVER_HEAD) for gatsby-ssr to
 * keep it out of Gatsby's diff of the head at hydration and gatsby-browser
 * to remove it when a visit moves to another page.
 */
export function PageMetadata({ chrome, fullTitle, text, pathname, noindex, breadcrumb, machines }: PageMetadataProps) {
  const { site, company } = pageChrome(chrome)
  // the page in each language: the same address under each language's prefix
  const base = basePathOf(pathname)
  const url = absolute({ siteUrl: site.siteUrl }, localizedPath(base, site.locale))
  const others = LANGUAGES.filter((language) => language.code !== site.locale)
  const picture = site.share.image.childImageSharp?.resize
  const image = picture?.src ? absolute(site, picture.src) : undefined
  const structuredData = [
    organization(site, company),
    ...(breadcrumb !== undefined ? [breadcrumbs(site, [{ name: breadcrumb, pathname: base }])] : []),
    ...(machines ? [machineList(site, company, machines)] : []),
  ]
  return (
    <>
      <link {...SERVER_HEAD} rel="canonical" href={url} />
      {noindex
        ? null
        : sitemapAlternates(site.siteUrl, base).map((alternate) => (
            <link {...SERVER_HEAD} key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.url} />
          ))}
      <meta {...SERVER_HEAD} property="og:type" content="website" />
      <meta {...SERVER_HEAD} property="og:site_name" content={site.title} />
      <meta {...SERVER_HEAD} property="og:locale" content={site.language.replace("-", "_")} />
      {others.map((language) => (
        <meta {...SERVER_HEAD} key={language.code} property="og:locale:alternate" content={language.tag.replace("-", "_")} />
      ))}
      <meta {...SERVER_HEAD} property="og:title" content={fullTitle} />
      <meta {...SERVER_HEAD} property="og:description" content={text} />
      <meta {...SERVER_HEAD} property="og:url" content={url} />
      {image ? (
        <>
          <meta {...SERVER_HEAD} property="og:image" content={image} />
          <meta {...SERVER_HEAD} property="og:image:width" content={String(picture?.width)} />
          <meta {...SERVER_HEAD} property="og:image:height" content={String(picture?.height)} />
          <meta {...SERVER_HEAD} property="og:image:alt" content={site.share.alt} />
          <meta {...SERVER_HEAD} name="twitter:image" content={image} />
          <meta {...SERVER_HEAD} name="twitter:image:alt" content={site.share.alt} />
        </>
      ) : null}
      <meta {...SERVER_HEAD} name="twitter:card" content="summary_large_image" />
      <meta {...SERVER_HEAD} name="twitter:title" content={fullTitle} />
      <meta {...SERVER_HEAD} name="twitter:description" content={text} />
      {structuredData.map((data, index) => (
        <script {...SERVER_HEAD} key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />
      ))}
      {noindex ? <meta {...SERVER_HEAD} name="robots" content="noindex" /> : null}
    </>
  )
}
