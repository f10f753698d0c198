/** Bundles `entry` (relative to the project root) into `outDir` as dist/ is made: ncc, terser, eager factories. */
export function bundle(entry: string, outDir: string, options?: { license?: string }): Promise<void>;
