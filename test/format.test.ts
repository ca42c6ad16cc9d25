// The project's formatter (Prettier, .prettierrc.json) on the harness, the tests, bin/
// and the page: `npm run format` writes what this test expects, so a change that was
// not formatted fails here rather than in a reviewer's diff.
import { execa } from "execa";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PRETTIER = fileURLToPath(
  new URL("../node_modules/prettier/bin/prettier.cjs", import.meta.url),
);
const GLOBS = [
  "ts-harness/**/*.{ts,mjs}",
  "test/**/*.{ts,mjs}",
  "bin/*.mjs",
  "web/*.{js,css}",
  "*.ts",
];
const PRETTIER_MS = 120_000;

test(
  "every TypeScript and JavaScript file is as the formatter writes it",
  async () => {
    const r = await execa(process.execPath, [PRETTIER, "--list-different", ...GLOBS], {
      cwd: ROOT,
      reject: false,
      timeout: PRETTIER_MS,
    });
    expect(r.timedOut, "prettier ran past its time limit").toBe(false);
    expect(r.stdout, "files to run `npm run format` on").toBe("");
    expect(r.exitCode).toBe(0);
  },
  PRETTIER_MS + 10_000,
);
