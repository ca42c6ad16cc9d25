// thread-boot -- where a worker thread of the harness starts (dos-thread.ts): it sets the
// globals the starting thread hands on (the bundle's, bin/liberman-uci.mjs), then imports
// the module workerData.entry names, which serves the thread. That module is the bundle
// of bin/liberman-uci, or TypeScript: Node's workers do not inherit the loader of the
// thread that starts them (tsx's), so it is registered here first.
import { workerData } from "node:worker_threads";

Object.assign(globalThis, workerData.globals);
if (workerData.entry.endsWith(".ts")) (await import("tsx/esm/api")).register();
await import(workerData.entry);
