// Types of browser-needs.mjs for the TypeScript that imports it (the browser tests' config).
export declare const headlessShellPath: string;
export declare const fullChromiumPath: string;
export declare function testBrowserPath(
  fromEnv: string | undefined,
  exists: (path: string) => boolean,
): string;
