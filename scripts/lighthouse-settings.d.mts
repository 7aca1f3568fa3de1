/** Lighthouse 13, mobile, simulated throttling (its defaults, spelled out) */
export declare const LIGHTHOUSE_SETTINGS: { output: "json"; logLevel: "error"; formFactor: "mobile"; throttlingMethod: "simulate" }
/** The system Chromium started by Lighthouse's chrome-launcher. */
export declare function launchForLighthouse(): Promise<{ port: number; kill: () => void | Promise<void> }>
