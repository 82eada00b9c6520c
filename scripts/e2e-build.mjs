/** The client build the browser tests serve: the production build, into a folder of the run's own. */
export const buildArgs = (outDir) => ["build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"];
