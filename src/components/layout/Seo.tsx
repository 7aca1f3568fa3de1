import * as React from "react"
import { graphql } from "gatsby"
import { pageChrome } from "../../lib/chrome"
import { basePathOf, LANGUAGES, localizedPath, sitemapAlternates } from "../../lib/languages"
import { absolute, jsonLd, organization } from "../../lib/structured-data"

interface Props {
  /** The page's query, with its ...PageChrome */
  chrome: Queries.PageChromeFragment
  /** Page title; the site name is appended */
  title?: string
  description?: string
  /** Path of the page, e.g. /product (or /hi/product): the canonical URL is the page in the chrome's language, the alternates the same page in each language */
  pathname: string
  /** Not for search engines (the notices, the 404 page): a robots noindex, and no alternates */
  noindex?: boolean
  /** Structured data of this page (BreadcrumbList, ItemList…), built from the site's settings; the Organization is always added */
  structuredData?: (chrome: { site: Queries.StructuredDataSiteFragment; company: Queries.StructuredDataCompanyFragment }) => object[]
  children?: React.ReactNode
}

/**
 * Everything a search engine or a link preview reads from a page, through
 * Gatsby's Head API: title, description, canonical URL, Open Graph and
 * Twitter card tags with an absolute picture, and JSON-LD.
 */
export function Seo({ chrome, title, description, pathname, noindex, structuredData, children }: Props) {
  const { site, company } = pageChrome(chrome)
  const fullTitle = title ? `${title} | ${site.title}` : site.title
  const text = description ?? site.description
  // the page in each language: the same address under each language's prefix
  const base = basePathOf(pathname)
  const url = absolute({ siteUrl: site.siteUrl }, localizedPath(base, site.locale))
  const others = LANGUAGES.filter((language) => language.code !== site.locale)
  const picture = site.share.image.childImageSharp?.resize
  const image = picture?.src ? absolute(site, picture.src) : undefined
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {noindex ? null : (
        <>
          {sitemapAlternates(site.siteUrl, base).map((alternate) => (
            <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.url} />
          ))}
        </>
      )}
      <meta name="theme-color" content={site.manifest.themeColor} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.title} />
      <meta property="og:locale" content={site.language.replace("-", "_")} />
      {others.map((language) => (
        <meta key={language.code} property="og:locale:alternate" content={language.tag.replace("-", "_")} />
      ))}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {image ? (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:width" content={String(picture?.width)} />
          <meta property="og:image:height" content={String(picture?.height)} />
          <meta property="og:image:alt" content={site.share.alt} />
          <meta name="twitter:image" content={image} />
          <meta name="twitter:image:alt" content={site.share.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      {[organization(site, company), ...(structuredData?.({ site, company }) ?? [])].map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />
      ))}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {children}
    </>
  )
}

export const seoFragment = graphql`
  fragment SeoSite on SiteJson {
    title
    description
    siteUrl
    language
    manifest {
      themeColor
    }
    share {
      alt
      image {
        childImageSharp {
          resize(width: 1200, height: 630, cropFocus: CENTER, toFormat: JPG, quality: 80) {
            src
            width
            height
          }
        }
      }
    }
    ...StructuredDataSite
  }
`
