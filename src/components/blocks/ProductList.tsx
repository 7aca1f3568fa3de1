import * as React from "react"
import { graphql, Link } from "gatsby"
import { contactFormHref } from "../../lib/links"
import { fill } from "../../lib/text"
import { ContentImage } from "../primitives/ContentImage"
import { Reveal } from "../primitives/Reveal"
import { ArrowRightIcon } from "../primitives/Icons"
import { SectionHeading } from "../primitives/SectionHeading"
import "./ProductList.css"

/** The machines, each with a link to the contact form that names it in the subject. */
export function ProductList({ data }: { data: Queries.ProductListFragment }) {
  return (
    <section className="section products" aria-labelledby="products-title">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.heading} intro={data.intro} id="products-title" align="center" />
        <ul className="card-grid card-grid--4">
          {data.items.map((product, index) => (
            <Reveal as="li" key={product.title} className="product-card" delay={product.delay}>
              {/* The first card is the page's largest picture on load: not lazy */}
              <ContentImage file={product.image} alt={product.alt} className="product-card__image" priority={index === 0} />
              <div className="product-card__body">
                <h3>{product.title}</h3>
                <Link to={contactFormHref(product.title, "product")} className="product-card__link">
                  <span>{fill(data.enquire, { title: product.title })}</span>
                  <ArrowRightIcon aria-hidden="true" size={18} />
                </Link>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
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
          gatsbyImageData(width: 380, aspectRatio: 1.333, outputPixelDensities: [1, 2], sizes: "(min-width: 1240px) 280px, (min-width: 1024px) 22vw, (min-width: 600px) 46vw, 92vw")
        }
      }
    }
  }
`
