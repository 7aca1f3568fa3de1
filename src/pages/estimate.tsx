import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { EstimatorFailed } from "../components/blocks/EstimatorFailed"
import { PageBanner } from "../components/blocks/PageBanner"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { ErrorBoundary } from "../components/primitives/ErrorBoundary"
import { hydrateOnInteraction } from "../components/primitives/HydrateOnInteraction"
import { useFactorsOpenOnHash } from "../hooks/use-factors-open-on-hash"
import type { EstimateModel } from "../lib/estimate"
import { required } from "../lib/required"
// the estimator's and the method's sheets, here so that they stay in the page's inlined stylesheet: their code comes later
import "../components/primitives/FormParts.css"
import "../components/blocks/Estimator.css"
import "../components/blocks/estimator/charts.css"

/**
 * The calculator's code, the method's and the arithmetic's are not among
 * the start-up scripts: their server HTML (the default estimate, the tables)
 * is on screen, and React hydrates it in place once their chunk (one, as
 * both import the arithmetic) has come. They do not wait for an interaction,
 * as the footer's form does: until then the calculator's fields are boxes,
 * not controls a visitor could reach into, its print button is missing and
 * its quote link carries no estimate; so the chunk is fetched as soon as the
 * page has hydrated. The method's code is in the same chunk (both use the
 * arithmetic), so it hydrates then too.
 */
const Estimator = hydrateOnInteraction(
  ".estimator",
  () => import(/* webpackChunkName: "estimator" */ "../components/blocks/Estimator").then((module) => module.Estimator),
  { now: () => true },
)
const EstimateMethod = hydrateOnInteraction(
  ".estimate-reference",
  () => import(/* webpackChunkName: "estimator" */ "../components/blocks/EstimateMethod").then((module) => module.EstimateMethod),
  { now: () => true },
)

const PRODUCTS_PATH = "/product"

export default function EstimatePage({ data, pageContext }: PageProps<Queries.EstimatePageQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const page = required(data.estimateJson, "estimate")
  // the query's own type, held to the model: a field the arithmetic reads and the query leaves out (or types otherwise) fails typecheck here
  const model: EstimateModel = page
  useFactorsOpenOnHash()
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
  return <Seo chrome={data} pathname="/estimate" title={page?.title} description={page?.description} breadcrumb={page?.breadcrumb ?? ""} />
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
        heatingValueNote
        moisture
        plants {
          name
          efficiency
          fuelInput
          parasitic
        }
        ownUse
        heatOnlyBelow
        bottomAsh
        flyAsh
        charcoalYield
        biocharYield
        landfillCarbon
        fossilCarbon
        defaultAmount
        amountNote
        machines
        lineNote
        capitalCost
        tariff
        supportRate
        supportCap
        tippingFee
        economicsNotes
      }
      factors {
        id
        label
        low
        typical
        high
        unit
        note
        confidence
        source {
          ...EstimateSourceFields
        }
      }
      shared {
        latentHeat
        operatingDays
        decomposable
        methaneFraction
        methaneWarming
        gridEmission
        gasCollected
        supportFuel
        noBurn
        largestPlant
        methanePeriod
        defaultSite
        defaultClimate
        biocharPrice
        methaneCredit
        tippingFee
        economicsNotes
      }
      sites {
        id
        name
        methaneCorrection
        oxidation
      }
      climates {
        id
        name
        decayRate
      }
      ...Estimator
      ...EstimateMethod
    }
  }
`
