import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import { contactFormHref } from "../../lib/links"
import { fill } from "../../lib/text"
import { CardGridSection } from "../primitives/CardGridSection"
import { ContentImage } from "../primitives/ContentImage"
import { ArrowRightIcon } from "../primitives/Icons"
import "./ProductList.css"

/** The machines, each with a link to the contact form that names it in the subject. */
export function ProductList({ data }: { data: Queries.ProductListFragment }) {
  return (
    <CardGridSection className="products" headingId="products-title" heading={{ ...data, title: data.heading }} items={data.items} cardClassName="product-card">
      {(product, index) => (
        <>
          {/* The first card is the page's largest picture on load: not lazy */}
          <ContentImage file={product.image} alt={product.alt} className="product-card__image" priority={index === 0} />
          <div className="product-card__body">
            <h3>{product.title}</h3>
            <LocalLink to={contactFormHref(product.title, "product")} className="product-card__link">
              <span>{fill(data.enquire, { title: product.title })}</span>
              <ArrowRightIcon aria-hidden="true" size={18} />
            </LocalLink>
          </div>
        </>
      )}
    </CardGridSection>
  )
}

export const query = graphql`
  fragment ProductList on ProductsJson {
    eyebrow
    heading
    intro
    enquire
    items {
      title
      alt
      delay
      image {
        childImageSharp {
          gatsbyImageData(
            width: 380
            aspectRatio: 1.333
            outputPixelDensities: [1, 2]
            sizes: "(min-width: 1240px) 280px, (min-width: 1024px) 22vw, (min-width: 600px) 46vw, 92vw"
          )
        }
      }
    }
  }
`
