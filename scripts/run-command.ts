/**
 * Runs an operator command's `main` and exits with the code it returns: 0 done, 1 refused or
 * failed, 2 wrong arguments. A thrown error prints only its message (the commands' errors are
 * written for a person, and a stack would bury the sentence that says what to do) and exits 1.
 * So does an error a library lets escape outside `main`'s promise (a stream PGlite reads without
 * catching its errors, say): Node would otherwise print its stack and exit.
 */
export function runCommand(main: () => Promise<number>): void {
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  process.on("unhandledRejection", fail);
  process.on("uncaughtException", fail);
  main().then((code) => process.exit(code), fail);
}
