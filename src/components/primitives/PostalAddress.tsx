import * as React from "react"
import { graphql } from "gatsby"

interface Props {
  address: Queries.PostalAddressFragment
  /** "lines": street, town and country on lines of their own; "inline": one line with commas */
  layout?: "lines" | "inline"
}

/** The company's postal address as an <address> element. */
export function PostalAddress({ address, layout = "lines" }: Props) {
  const town = `${address.locality}, ${address.region} ${address.postalCode}`
  if (layout === "inline") return <address>{`${address.street}, ${town}, ${address.country}`}</address>
  return (
    <address>
      {address.street}
      <br />
      {town}
      <br />
      {address.country}
    </address>
  )
}

export const postalAddressFragment = graphql`
  fragment PostalAddress on CompanyAddress {
    street
    locality
    region
    postalCode
    country
  }
`
