// cli-runner -- the command line as a user runs it, for the CLI's tests: the exit code,
// stdout and stderr come back as values, and a run that hangs is killed after two minutes.
import { execa } from "execa";
import { join } from "node:path";
import { expect } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";

export function chess(...args: string[]) {
  return execa(join(ROOT, "node_modules/.bin/tsx"), ["ts-harness/frontends/cli.ts", ...args], {
    cwd: ROOT,
    reject: false,
    timeout: 120_000,
    stdin: "ignore",
  });
}

/** Runs the command line and expects a usage error: exit code 2, nothing on stdout, and
 *  on stderr `message` followed by the usage of every command. */
export async function expectUsageError(args: string[], message: RegExp): Promise<void> {
  const r = await chess(...args);
  expect(r.exitCode).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).toMatch(message);
  expect(r.stderr).toMatch(/usage: chess perft/);
  expect(r.stderr).toMatch(/chess mate/);
}
