import * as React from "react"
import { graphql, Link } from "gatsby"
import "./Brand.css"

interface Props {
  company: Queries.BrandFragment
  /** "dark" uses the logo drawn for dark backgrounds (footer) */
  tone?: "light" | "dark"
  onClick?: () => void
}

/**
 * The logo and company name, linking home. The header's logo is drawn from a
 * data: URL (no request competing with the first paint); the footer's loads
 * lazily, as the page nears its end.
 */
export function Brand({ company, tone = "light", onClick }: Props) {
  const dark = tone === "dark"
  const src = dark ? company.logoOnDark.publicURL : (company.logo.svgDataUrl ?? company.logo.publicURL)
  return (
    <Link to="/" className={`brand${dark ? " brand--on-dark" : ""}`} aria-label={company.logoAlt} onClick={onClick}>
      <img src={src ?? ""} alt="" width={40} height={40} loading={dark ? "lazy" : undefined} />
      <span className="brand__name">{company.name}</span>
    </Link>
  )
}

export const brandFragment = graphql`
  fragment Brand on CompanyJson {
    name
    logo {
      publicURL
      svgDataUrl
    }
    logoOnDark {
      publicURL
    }
    logoAlt
  }
`
