// dos-child-boot -- where the js-dos child process of the harness starts (dos-child.ts).
// A thread of its own waits on the pipe the parent holds as this process's stdin and, when
// it closes (the parent ended, however it ended), ends this process at once: the
// emulator may hold the main thread's event loop for a second. Then it sets the globals
// the parent hands on (those of bin/liberman-uci's bundle) and imports the module that
// serves the child: the bundle, or dos-child.ts through tsx.
import { Worker } from "node:worker_threads";

const watchdog = `
const { readSync } = require("node:fs");
const buffer = Buffer.alloc(64);
const pause = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  try {
    if (readSync(0, buffer) === 0) break;
  } catch (e) {
    if (e.code !== "EAGAIN") break;
    Atomics.wait(pause, 0, 0, 50);
  }
}
process.kill(process.pid, "SIGKILL");
`;
new Worker(watchdog, { eval: true }).unref();

const { entry, globals } = JSON.parse(process.env.LIBERMAN_CHESS_DOS_CHILD ?? "{}");
Object.assign(globalThis, globals);
if (entry.endsWith(".ts")) (await import("tsx/esm/api")).register();
await import(entry);
