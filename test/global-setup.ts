// Assembles the programs once for the whole test run, before any test file starts: the
// test processes then read build/ (see program() in ts-harness/core/build.ts), so no two
// nasm runs ever write the same file while another process reads it.
import { buildAll } from "../ts-harness/core/build.ts";

export default async function setup(): Promise<void> {
  await buildAll();
}
