// cli-runner -- the command line as a user runs it, for the CLI's tests: the exit code,
// stdout and stderr come back as values, and a run that hangs is killed after two minutes.
import { execa } from "execa";
import { join } from "node:path";
import { ROOT } from "../ts-harness/build.ts";

export function chess(...args: string[]) {
  return execa(join(ROOT, "node_modules/.bin/tsx"), ["ts-harness/cli.ts", ...args], { cwd: ROOT, reject: false, timeout: 120_000, stdin: "ignore" });
}
