/**
 * Runs an operator command's `main` and exits with the code it returns: 0 done, 1 refused or
 * failed, 2 wrong arguments. A thrown error prints only its message (the commands' errors are
 * written for a person, and a stack would bury the sentence that says what to do) and exits 1.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
