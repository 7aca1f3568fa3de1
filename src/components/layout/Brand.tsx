import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import type { SvgNode } from "../../content/inline-svg"
import { InlineSvg } from "../primitives/InlineSvg"
import "./Brand.css"

interface Props {
  company: Queries.BrandFragment
  /** "dark" uses the logo drawn for dark backgrounds (footer) */
  tone?: "light" | "dark"
  onClick?: () => void
}

/**
 * The logo and company name, linking home. The header's logo is drawn inline
 * from the content file (File.inlineSvg: no request competing with the first
 * paint, and no SVG document of its own for the browser to build while it
 * parses the page), or from its URL where the file is not fit to be inlined;
 * the footer's loads lazily, as the page nears its end.
 */
export function Brand({ company, tone = "light", onClick }: Props) {
  const dark = tone === "dark"
  const tree = dark ? null : (company.logo.inlineSvg as SvgNode | null)
  const src = dark ? company.logoOnDark.publicURL : company.logo.publicURL
  return (
    <LocalLink to="/" className={`brand${dark ? " brand--on-dark" : ""}`} aria-label={company.logoAlt} onClick={onClick}>
      {tree ? (
        <InlineSvg tree={tree} width={40} height={40} className="brand__logo" />
      ) : (
        <img className="brand__logo" src={src ?? ""} alt="" width={40} height={40} loading={dark ? "lazy" : undefined} />
      )}
      <span className="brand__name">{company.name}</span>
    </LocalLink>
  )
}

export const brandFragment = graphql`
  fragment Brand on CompanyJson {
    name
    logo {
      publicURL
      inlineSvg
    }
    logoOnDark {
      publicURL
    }
    logoAlt
  }
`
