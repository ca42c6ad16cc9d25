// The fuzz suite: seeded cases of every class that once broke the input side (broken FEN
// fields, byte mutations, illegal but parseable positions, positions of 218 moves and
// more, numbers at their limits, the line structure of a jobs file, the game's command
// line and the CLI), run against the assembly and the oracle. Its oracle: both engines
// give the same error code or the same answer, every job line gets exactly one result,
// and nothing hangs (each run has a time limit). The figures it prints are the README's.
import { execa } from "execa";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseResult, runBatch } from "../ts-harness/core/asm-engine.ts";
import { CHESS, program, ROOT } from "../ts-harness/core/build.ts";
import {
  batchCases,
  commandCases,
  disagreement,
  expectedFor,
  gamCases,
  gameCases,
  GO_FEN,
  goDisagreement,
  goWordCases,
  jobsFile,
  limitNumberCases,
  pgnCases,
  type Expected,
  type FuzzClass,
} from "../ts-harness/check/fuzz.ts";
import { GameDriver } from "../ts-harness/core/game-driver.ts";
import {
  fenPosition,
  legalMoves,
  moveToUci,
  notPrintable,
  parseFen,
  toFen,
} from "../ts-harness/oracle/index.ts";
import { DosSession, runDos } from "../ts-harness/core/runner.ts";
import { START } from "./game-oracle.ts";

const SEED = 20261122;

interface Tally {
  cases: number;
  answered: number;
  refused: Map<string, number>;
  disagreements: number;
  note?: string;
}
const figures = new Map<FuzzClass, Tally>();

function tally(cls: FuzzClass, expected: Expected | "answered", why: string | null): void {
  const t = figures.get(cls) ?? { cases: 0, answered: 0, refused: new Map(), disagreements: 0 };
  figures.set(cls, t);
  t.cases++;
  if (why) t.disagreements++;
  else if (expected === "answered" || expected.kind !== "error") t.answered++;
  else t.refused.set(expected.code, (t.refused.get(expected.code) ?? 0) + 1);
}

afterAll(() => {
  const rows = [...figures].map(([cls, t]) => {
    const refused = [...t.refused]
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${code} ${n}`)
      .join(", ");
    return `| ${cls} | ${t.cases} | ${t.answered} | ${refused || "-"} | ${t.disagreements} |${t.note ? ` ${t.note}` : ""}`;
  });
  console.log(
    [
      "| class | cases | answered alike | refused alike (code, cases) | disagreements |",
      "| --- | --- | --- | --- | --- |",
      ...rows,
    ].join("\n"),
  );
});

const fold = (job: string) => job.split(" ").filter(Boolean).join(" ");

describe("fuzz", () => {
  test("each batch job gets the oracle's answer or error code from the assembly", async () => {
    const cases = batchCases(SEED, 160);
    const groups = await runBatch(
      cases.map((c) => c.job),
      { timeoutMs: 120_000 },
      cases.map((c) => c.fen),
    );
    const bad: string[] = [];
    let most = 0;
    cases.forEach((c, i) => {
      const expected = expectedFor(fold(c.job));
      const why = disagreement(expected, groups[i]!.lines);
      tally(c.cls, expected, why);
      if (why) bad.push(`${c.cls}: ${JSON.stringify(c.job)}: ${why}`);
      if (c.cls === "extreme" && expected.kind === "moves")
        most = Math.max(most, expected.moves.length);
    });
    figures.get("extreme")!.note = `(up to ${most} moves)`;
    expect(bad).toEqual([]);
    expect(most).toBeGreaterThanOrEqual(218);
  }, 150_000);

  test("each line of a jobs file of raw bytes gets exactly one result line, an error naming its byte where it has one", async () => {
    const { bytes, jobs } = jobsFile(SEED, 160);
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: "/jobs JOBS.TXT RESULT.TXT",
      files: { "JOBS.TXT": bytes },
      timeoutMs: 60_000,
    });
    let text: string;
    try {
      const r = await session.finish();
      expect(r.exitCode).toBe(0);
      text = Buffer.from(r.files.get("RESULT.TXT") ?? []).toString("latin1");
    } finally {
      await session.close();
    }
    const groups = parseResult(text, jobs);
    const bad: string[] = [];
    jobs.forEach((job, i) => {
      const expected = expectedFor(job);
      const lines = groups[i]!.lines;
      const named =
        expected.kind === "error" && expected.code === "byte" ? notPrintable(job) : null;
      const why =
        disagreement(expected, lines) ??
        (named && lines[0]!.slice(2).join(" ") !== named ? `expected "${named}"` : null);
      tally("lines", expected, why);
      if (why) bad.push(`job ${i + 1} ${JSON.stringify(job)}: ${why}`);
    });
    expect(bad).toEqual([]);
  }, 90_000);

  test("CHESS /jobs runs its jobs file, or stops with exit code 1 and says why before writing anything", async () => {
    const JOBS = "perft 1 4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n";
    const MESSAGES = {
      usage: /^usage: CHESS \/jobs/,
      "no jobs file": /cannot open the jobs file/,
      "same file": /must not be the same file/,
    };
    const bad: string[] = [];
    for (const c of commandCases(SEED, 12)) {
      const r = await runDos({
        program: "CHESS.COM",
        programBytes: await program(CHESS),
        args: c.tail,
        files: { "JOBS.TXT": JOBS },
        timeoutMs: 30_000,
      });
      const jobsKept = Buffer.from(r.files.get("JOBS.TXT") ?? []).toString("latin1") === JOBS;
      const written = [...r.files.keys()].filter((f) => f !== "JOBS.TXT" && f !== "CHESS.COM");
      const why =
        c.expected === "runs"
          ? r.exitCode === 0 &&
            jobsKept &&
            /^1 perft 1 5 .*\r\nend 1\r\n$/s.test(
              Buffer.from(r.files.get(c.result!) ?? []).toString("latin1"),
            )
            ? null
            : "no result"
          : r.exitCode === 1 &&
              jobsKept &&
              written.length === 0 &&
              MESSAGES[c.expected].test(r.stdout)
            ? null
            : `exit ${r.exitCode}, "${r.stdout.trim()}", files ${written.join(" ")}`;
      tally(
        "command line",
        c.expected === "runs" ? "answered" : { kind: "error", code: c.expected },
        why,
      );
      if (why) bad.push(`CHESS ${c.tail}: expected ${c.expected}, got ${why}`);
    }
    expect(bad).toEqual([]);
  }, 90_000);

  test("the game starts from the FEN of its command line as the oracle reads it, or says why not", async () => {
    const bad: string[] = [];
    for (const c of gameCases(SEED)) {
      const game = await GameDriver.start(c.args, { files: c.files });
      try {
        const log = (await game.log())!;
        const parsed = c.fen === null ? null : parseFen(c.fen);
        const expected = parsed?.ok ? toFen(parsed.pos) : START;
        const message =
          parsed === null
            ? /^FEN too long/
            : parsed.ok
              ? /^/
              : new RegExp(`^Bad FEN: ${parsed.error.code} `);
        const why =
          log.fen !== expected || !message.test(log.message)
            ? `fen "${log.fen}", message "${log.message}"`
            : null;
        tally(
          "game",
          parsed?.ok ? "answered" : { kind: "error", code: parsed?.error.code ?? "too long" },
          why,
        );
        if (why)
          bad.push(
            `${c.what} (${JSON.stringify(c.args)}): ${why}, expected ${expected} ${message}`,
          );
      } finally {
        await game.close();
      }
    }
    expect(bad).toEqual([]);
  }, 90_000);

  test("the CLI prints the same lines and the same error codes with either engine", async () => {
    const cases = batchCases(SEED + 1, 12);
    const epd = join(mkdtempSync(join(tmpdir(), "chess-fuzz-")), "fuzz.epd");
    writeFileSync(epd, cases.map((c) => c.fen).join("\n") + "\n", "utf8");
    const run = (engine: string) =>
      execa(
        join(ROOT, "node_modules/.bin/tsx"),
        ["ts-harness/frontends/cli.ts", "perft", "--engine", engine, "--depth", "1", "--epd", epd],
        { cwd: ROOT, reject: false, timeout: 60_000, stdin: "ignore" },
      );
    const [o, a] = await Promise.all([run("oracle"), run("asm")]);
    const codes = (stderr: string) =>
      stderr
        .split("\n")
        .filter((l) => !l.startsWith("asm: ") && l !== "")
        .map((l) => {
          const m = /^(.*?:\d+): .*: ([a-z-]+): [^:]*$/s.exec(l);
          return m ? `${m[1]} ${m[2]}` : l;
        });
    const refused = codes(o.stderr);
    for (const line of o.stdout.split("\n").filter(Boolean))
      tally("cli", "answered", a.stdout.split("\n").includes(line) ? null : "missing");
    for (const code of refused)
      tally(
        "cli",
        { kind: "error", code: code.split(" ").at(-1)! },
        codes(a.stderr).includes(code) ? null : "missing",
      );
    expect(a.exitCode).toBe(o.exitCode);
    expect(a.stdout).toBe(o.stdout);
    expect(codes(a.stderr)).toEqual(refused);
  }, 90_000);

  test("limit numbers at and past 2^31 and 2^32, and go words in any combination and order, get the protocol's answer", async () => {
    const cases = [...limitNumberCases(SEED, 60), ...goWordCases(SEED, 30)];
    const groups = await runBatch([`position ${GO_FEN}`, ...cases.map((c) => c.job)], {
      timeoutMs: 120_000,
    });
    const legal = legalMoves(fenPosition(GO_FEN)).map(moveToUci);
    const bad: string[] = [];
    cases.forEach((c, i) => {
      const why = goDisagreement(c.expected, groups[i + 1]!.lines, legal);
      tally(c.cls, c.expected.kind === "error" ? c.expected : "answered", why);
      if (why) bad.push(`${c.cls}: ${c.job}: ${why}`);
    });
    expect(bad).toEqual([]);
    expect(cases.filter((c) => c.expected.kind === "error").length).toBeGreaterThan(10);
  }, 150_000);

  test("a PGN with its tags and line structure changed loads as the oracle reads it, or is refused naming its FEN tag's line and fault", async () => {
    const bad: string[] = [];
    for (const c of pgnCases(SEED, 8)) {
      const game = await GameDriver.start("/load FUZZ.PGN", {
        files: { "FUZZ.PGN": new Uint8Array(Buffer.from(c.text, "utf8")) },
      });
      try {
        const e = c.expected;
        const log = await game.waitLog(
          "the load",
          (l) => l.message !== "" || (e.kind === "loads" && l.moves.length === e.moves.length),
        );
        const why =
          e.kind === "loads"
            ? log.moves.join(" ") === e.moves.join(" ") && log.fen === e.fen
              ? null
              : `moves ${log.moves.join(" ")}, fen ${log.fen}, message "${log.message}"`
            : e.message.test(log.message) && log.moves.length === 0 && log.fen === START
              ? null
              : `message "${log.message}", fen ${log.fen}`;
        tally(
          "pgn structure",
          e.kind === "loads" ? "answered" : { kind: "error", code: "refused" },
          why,
        );
        if (why) bad.push(`${c.what}: ${why}\n${JSON.stringify(c.text)}`);
      } finally {
        await game.close();
      }
    }
    expect(bad).toEqual([]);
  }, 150_000);

  test("a CHESS.GAM with a byte of its FEN or its plies changed, the checksum made right, loads as the oracle replays it or is refused", async () => {
    const bad: string[] = [];
    for (const c of gamCases(SEED, 10)) {
      const game = await GameDriver.start("/load CHESS.GAM", { files: { "CHESS.GAM": c.bytes } });
      try {
        const e = c.expected;
        const log = await game.waitLog(
          "the load",
          (l) => l.message !== "" || (e.kind === "loads" && l.moves.length === e.moves.length),
        );
        const why =
          e.kind === "loads"
            ? log.moves.join(" ") === e.moves.join(" ") && log.fen === e.fen && log.message === ""
              ? null
              : `moves ${log.moves.join(" ")}, fen ${log.fen}, message "${log.message}"`
            : log.message === e.message && log.moves.length === 0 && log.fen === START
              ? null
              : `message "${log.message}", moves ${log.moves.join(" ")}, fen ${log.fen}`;
        tally(
          "chess.gam",
          e.kind === "loads"
            ? "answered"
            : { kind: "error", code: e.message.replace("Refused save file: ", "") },
          why,
        );
        if (why) bad.push(`${c.what}: expected ${JSON.stringify(e)}, got ${why}`);
      } finally {
        await game.close();
      }
    }
    expect(bad).toEqual([]);
  }, 150_000);
});
