import * as React from "react"
import { graphql } from "gatsby"
import { pageChrome } from "../../lib/chrome"
import type { Machine } from "../../lib/structured-data"
import { PageMetadata } from "./PageMetadata"

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
  /** The page's name in its breadcrumb trail (Home › name), for its BreadcrumbList; the Organization is always added */
  breadcrumb?: string
  /** The machines the page lists, for its ItemList */
  machines?: Machine[]
  children?: React.ReactNode
}

/**
 * A page's head, through Gatsby's Head API: what a visitor's browser uses
 * (the title, the description, the theme colour, and the page's own
 * children: a preloaded picture, the gallery's row) on every page, also
 * after a page change; and what search engines and link previews read
 * (PageMetadata: canonical URL, alternates, Open Graph and Twitter tags,
 * JSON-LD), in the server's HTML only.
 */
export function Seo({ chrome, title, description, pathname, noindex, breadcrumb, machines, children }: Props) {
  const { site } = pageChrome(chrome)
  const fullTitle = title ? `${title} | ${site.title}` : site.title
  const text = description ?? site.description
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta name="theme-color" content={site.manifest.themeColor} />
      <PageMetadata chrome={chrome} fullTitle={fullTitle} text={text} pathname={pathname} noindex={noindex} breadcrumb={breadcrumb} machines={machines} />
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
