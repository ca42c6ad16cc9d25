import { defineConfig } from "vitest/config";

// Emulator runs are heavy: one test file per worker process, two workers (the machine
// has two cores). Each emulator test sets its own time limit as well.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
