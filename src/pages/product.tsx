import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { PageBanner } from "../components/blocks/PageBanner"
import { ProductList } from "../components/blocks/ProductList"
import { Layout } from "../components/layout/Layout"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"

export default function ProductPage({ data }: PageProps<Queries.ProductPageQuery>) {
  const site = required(data.siteJson, "content/site/site.json")
  const products = required(data.productsJson, "content/products/products.json")
  return (
    <Layout>
      <PageBanner title={products.title} breadcrumb={products.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <ProductList data={products} />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.ProductPageQuery>) {
  return <Seo pathname="/product" title={data.productsJson?.title} description={data.productsJson?.description} />
}

export const query = graphql`
  query ProductPage {
    siteJson {
      breadcrumbLabel
      breadcrumbHome
    }
    productsJson {
      title
      breadcrumb
      description
      ...ProductList
    }
  }
`
