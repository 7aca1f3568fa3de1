import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import { contactFormHref } from "../../lib/links"
import { fill } from "../../lib/text"
import { DEFAULT_LANGUAGE } from "../../lib/languages"
import { useLanguage } from "../../hooks/use-language"
import { CardGridSection } from "../primitives/CardGridSection"
import { ContentImage } from "../primitives/ContentImage"
import { ArrowRightIcon } from "../primitives/Icons"
import "./ProductList.css"

/** Whether a machine's kind says more than its name ("conveyor belt" under "Conveyor Belt" does not) */
const saysMore = (kind: string, title: string) => kind.trim().toLocaleLowerCase() !== title.trim().toLocaleLowerCase()

/**
 * The machines, each with a link to the contact form that names it in the
 * subject. A name is the company's, the same in every language (an enquiry
 * names the machine as the quote will): marked as the default language's
 * on another language's page, so a screen reader says it in that
 * language's voice, with what the machine is in the page's own words under it.
 */
export function ProductList({ data }: { data: Queries.ProductListFragment }) {
  const language = useLanguage()
  const nameLanguage = language === DEFAULT_LANGUAGE.code ? undefined : DEFAULT_LANGUAGE.tag
  return (
    <CardGridSection className="products" headingId="products-title" heading={{ ...data, title: data.heading }} items={data.items} cardClassName="product-card">
      {(product, index) => (
        <>
          {/* The first card is the page's largest picture on load: not lazy */}
          <ContentImage file={product.image} alt={product.alt} className="product-card__image" priority={index === 0} />
          <div className="product-card__body">
            <h3 lang={nameLanguage}>{product.title}</h3>
            {saysMore(product.kind, product.title) ? <p className="product-card__kind">{product.kind}</p> : null}
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
      kind
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
