// The TypeScript compiler on the whole harness and the tests (tsconfig.json, strict):
// vitest runs the code without checking its types, so a type error would otherwise go
// unseen until it hides a real mistake.
import { execa } from "execa";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
const TSC_MS = 120_000;

test(
  "the harness and the tests type-check without an error",
  async () => {
    const r = await execa(process.execPath, [TSC, "--noEmit", "-p", "."], {
      cwd: ROOT,
      reject: false,
      timeout: TSC_MS,
    });
    expect(r.timedOut, "tsc ran past its time limit").toBe(false);
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.exitCode).toBe(0);
  },
  TSC_MS + 10_000,
);
