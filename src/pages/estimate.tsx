import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { EstimateMethod } from "../components/blocks/EstimateMethod"
import { Estimator, EstimatorFailed } from "../components/blocks/Estimator"
import { PageBanner } from "../components/blocks/PageBanner"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { ErrorBoundary } from "../components/primitives/ErrorBoundary"
import type { EstimateModel } from "../lib/estimate"
import { required } from "../lib/required"
import { breadcrumbs } from "../lib/structured-data"

const PRODUCTS_PATH = "/product"

export default function EstimatePage({ data, pageContext }: PageProps<Queries.EstimatePageQuery, PageContext>) {
  const site = required(data.siteJson, "content/site/site.en.json")
  const page = required(data.estimateJson, "content/estimate/estimate.en.json")
  // the query's own type, held to the model: a field the arithmetic reads and the query leaves out (or types otherwise) fails typecheck here
  const model: EstimateModel = page
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <PageBanner title={page.title} breadcrumb={page.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      {/* a failure of the calculator (an input nobody foresaw) leaves the page, its table and the way to the contact form */}
      <ErrorBoundary fallback={<EstimatorFailed data={page} />}>
        <Estimator data={page} model={model} products={PRODUCTS_PATH} />
      </ErrorBoundary>
      <EstimateMethod data={page} model={model} />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.EstimatePageQuery>) {
  const page = data.estimateJson
  return (
    <Seo
      chrome={data}
      pathname="/estimate"
      title={page?.title}
      description={page?.description}
      structuredData={({ site }) => [breadcrumbs(site, [{ name: page?.breadcrumb ?? "", pathname: "/estimate" }])]}
    />
  )
}

export const query = graphql`
  query EstimatePage($locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      breadcrumbLabel
      breadcrumbHome
    }
    estimateJson(locale: { eq: $locale }) {
      title
      breadcrumb
      description
      streams {
        id
        name
        group
        heatingValue
        heatingValueMoisture
        moisture
        efficiency
        charcoalYield
        biocharYield
        landfillCarbon
        fossilCarbon
        referencePlant
        defaultAmount
        amountNote
        machines
        lineNote
      }
      factors {
        id
        label
        low
        typical
        high
        unit
        note
        source {
          title
          publisher
          year
          url
        }
      }
      shared {
        latentHeat
        operatingDays
        decomposable
        methaneCorrection
        methaneFraction
        oxidation
        methaneWarming
        gridEmission
        gasCollected
        supportFuel
        smallestPlant
        largestPlant
      }
      ...Estimator
      ...EstimateMethod
    }
  }
`
