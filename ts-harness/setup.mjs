#!/usr/bin/env node
// setup -- make sure what the project runs on is here before a script starts.
// Plain Node (no dependencies), because it runs before `npm ci` on a fresh clone.
//   node ts-harness/setup.mjs [nasm] [dosbox] [chromium] [xvfb] [stockfish]
// npm dependencies are always checked. System tools named on the command line are
// installed with apt-get when this is a Debian machine and we are root; otherwise the
// script stops with one line naming the package to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Debian package and the command that proves it is installed. */
const SYSTEM_TOOLS = {
  nasm: { pkg: "nasm", cmd: "nasm" },
  dosbox: { pkg: "dosbox", cmd: "dosbox" },
  chromium: { pkg: "chromium", cmd: "chromium" },
  xvfb: { pkg: "xvfb", cmd: "Xvfb" },
  // Debian installs it outside root's PATH.
  stockfish: { pkg: "stockfish", cmd: "/usr/games/stockfish" },
};

function fail(line) {
  console.error(`setup: ${line}`);
  process.exit(1);
}

function onPath(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

function npmDependenciesPresent() {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return names.every((n) => existsSync(join(root, "node_modules", n, "package.json")));
}

function ensureNpmDependencies() {
  if (npmDependenciesPresent()) return;
  console.error("setup: installing npm dependencies (npm ci)");
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0 || !npmDependenciesPresent())
    fail("npm ci failed: run 'npm ci' by hand and read its error");
}

function ensureSystemTools(wanted) {
  const missing = wanted
    .filter((t) => !onPath(SYSTEM_TOOLS[t].cmd))
    .map((t) => SYSTEM_TOOLS[t].pkg);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const isDebian = existsSync("/etc/debian_version") && onPath("apt-get");
  if (!isRoot || !isDebian) {
    fail(
      `missing ${missing.join(", ")}: install the package${missing.length > 1 ? "s" : ""} '${missing.join(" ")}' (Debian: sudo apt-get install ${missing.join(" ")})`,
    );
  }
  console.error(`setup: installing ${missing.join(", ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit", env });
  } catch {
    fail(`apt-get could not install ${missing.join(" ")}`);
  }
  const still = wanted.filter((t) => !onPath(SYSTEM_TOOLS[t].cmd));
  if (still.length) fail(`still missing after apt-get: ${still.join(", ")}`);
}

const wanted = process.argv.slice(2);
for (const w of wanted)
  if (!(w in SYSTEM_TOOLS))
    fail(`unknown tool '${w}' (known: ${Object.keys(SYSTEM_TOOLS).join(", ")})`);
ensureSystemTools(wanted);
ensureNpmDependencies();
