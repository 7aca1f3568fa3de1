// Types for the two deep imports of rate-limiter-flexible (src/forms/service.ts, src/forms/answers.ts), taken from the package's own.
declare module "rate-limiter-flexible/lib/RateLimiterMemory.js" {
  import { RateLimiterMemory } from "rate-limiter-flexible"
  export default RateLimiterMemory
}
declare module "rate-limiter-flexible/lib/RateLimiterRes.js" {
  import { RateLimiterRes } from "rate-limiter-flexible"
  export default RateLimiterRes
}
