import * as React from "react"
import { graphql } from "gatsby"
import "./PhoneLink.css"

interface Props {
  phone: Queries.PhoneLinkFragment
  className?: string
  /** What the link shows; the number as displayed unless given */
  children?: React.ReactNode
}

/**
 * A tel: link to the company's phone. It never wraps mid-number: the class
 * `nowrap` (white-space: nowrap, which html-validate's tel-non-breaking rule
 * is told to accept) rather than U+00A0/U+2011, a glyph the site's font lacks.
 */
export function PhoneLink({ phone, className, children }: Props) {
  return (
    <a className={className ? `${className} nowrap` : "nowrap"} href={`tel:${phone.tel}`}>
      {children ?? phone.display}
    </a>
  )
}

export const phoneLinkFragment = graphql`
  fragment PhoneLink on CompanyPhone {
    display
    tel
  }
`
