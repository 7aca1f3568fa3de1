import * as React from "react"
import { useSite } from "../../hooks/use-site"

interface Props {
  /** Page title; the site name is appended */
  title?: string
  description?: string
  /** Path of the page, e.g. /product */
  pathname: string
  children?: React.ReactNode
}

/** Title, description and canonical URL of a page, for Gatsby's Head API. */
export function Seo({ title, description, pathname, children }: Props) {
  const { site } = useSite()
  const fullTitle = title ? `${title} | ${site.title}` : site.title
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description ?? site.description} />
      <link rel="canonical" href={`${site.siteUrl}${pathname}`} />
      <meta name="theme-color" content="#1f4d36" />
      {children}
    </>
  )
}
