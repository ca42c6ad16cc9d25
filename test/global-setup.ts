// Assembles the programs once for the whole test run, before any test file starts: the
// test processes then read build/ (see program() in ts-harness/core/build.ts), so no two
// nasm runs ever write the same file while another process reads it.
// It also asks for the last screen of every failed run, in test-artifacts/.
import { buildAll } from "../ts-harness/core/build.ts";
import { ARTIFACTS_ENV } from "../ts-harness/core/runner.ts";

export default async function setup(): Promise<void> {
  process.env[ARTIFACTS_ENV] ??= "1";
  await buildAll();
}
