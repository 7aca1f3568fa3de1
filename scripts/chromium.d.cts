/** Flags that let the system Chromium run headless in containers and CI without reaching the network. */
export declare const CHROMIUM_ARGS: string[]
/** The system Chromium: $CHROME_PATH, else the usual install paths; throws naming how to install it. */
export declare function chromiumPath(): string
