// main.js -- start the game in the js-dos player (served from this machine), keep the
// keyboard on the game, turn the buttons into the game's keys, keep the game in progress
// and the saved games in the browser, follow what the game is doing through its log
// (the computer thinking, the set-up board, the moves), and start a saved, opened or
// pasted game.

/** js-dos key codes (GLFW numbering) of the keys the game uses; a letter is its
 *  upper-case ASCII code. */
const KEY_CODES = { up: 265, down: 264, left: 263, right: 262, enter: 257, space: 32, esc: 256 };
const letter = (ch) => ch.charCodeAt(0);

/** Each command button's keys. Esc first puts back a piece in hand and forgets a typed
 *  move, so the letter is read as a command; F then Enter flips at once (F alone waits to
 *  see whether a rank digit follows, as in f4). */
const COMMAND_KEYS = {
  new: [KEY_CODES.esc, letter("N")],
  takeback: [KEY_CODES.esc, letter("T")],
  flip: [KEY_CODES.esc, letter("F"), KEY_CODES.enter],
  clock: [KEY_CODES.esc, letter("K")],
  book: [KEY_CODES.esc, letter("O")],
  save: [KEY_CODES.esc, letter("S")],
  savecompact: [KEY_CODES.esc, letter("W")],
  variant: [KEY_CODES.esc, letter("V")],
  hint: [KEY_CODES.esc, letter("H"), KEY_CODES.enter],
  analysis: [KEY_CODES.esc, letter("A"), KEY_CODES.enter],
  thinking: [KEY_CODES.esc, letter("I")],
  sound: [KEY_CODES.esc, letter("Z")],
};
/** Between two keys of a command: DOSBox reads each before the next arrives. */
const KEY_GAP_MS = 60;

/** The files the game writes to keep a game: CHESS.SAV (PGN, key S), CHESS.GAM (one byte
 *  a move, key W), or a .PGN; OPENED.* is what the page itself wrote for an opened game,
 *  KEEP.* the game in progress, which the program writes at each change. */
const SAVED_FILE = /^(?!OPENED\.|KEEP\.)[A-Z0-9_]{1,8}\.(SAV|PGN|GAM)$/i;
/** Of files written at once, the one to download and load: PGN, which other programs read. */
const PREFERRED_SAVE = /\.PGN$/i;
/** How often the page reads the game's log and looks for files it has just written. */
const WATCH_MS = 250;
/** How long Download waits for a save asked for just before it. */
const SAVE_WAIT_MS = 4000;
/** The game's log (CHESS /log): what it is doing, its moves, its players and level. */
const LOG_FILE = "GAME.LOG";
/** The game in progress as the program keeps it with /keep (asm/game/keep.asm). */
const KEEP_FILES = ["KEEP.GAM", "KEEP.CFG"];
const KEEP_KEY = "liberman-chess.kept";
/** The switches of every run: the log the page follows, the game kept. */
const RUN_SWITCHES = "/keep /log";
/** localStorage: the saved files (name -> base64) and which was written last. */
const STORE_KEY = "liberman-chess.saved";
/** sessionStorage: how the next start of the page runs the game (set before a reload). */
const START_KEY = "liberman-chess.start";
/** The batch file the bundle's autoexec calls first (ts-harness/frontends/bundle.ts): the
 *  date, and the switches of the first run (START) and of every run after it (AGAIN). */
const START_BATCH = "START.BAT";
/** A pasted or opened text larger than this is no chess game. */
const IMPORT_MAX_BYTES = 64 * 1024;
/** A FEN the game's /fen switch takes: pieces, then optionally side, castling, en passant
 *  and the clocks. Nothing else may reach the DOS command line. */
const FEN_PATTERN =
  /^[pnbrqkPNBRQK1-8]+(\/[pnbrqkPNBRQK1-8]+){7}( [wb]( (-|[KQkq]{1,4})( (-|[a-h][36])( \d{1,3}( \d{1,4})?)?)?)?)?$/;

/** Where the panel's lines lie on the 320x200 DOS screen (PANEL_X, PANEL_Y, LINE_PX in
 *  asm/game/game.inc): the phone layout shows under the board the lines from the side to
 *  move down to the message (PANEL_SIDE .. PANEL_MESSAGE + 1); the whole move list
 *  follows, from the log. */
const PANEL_VIEW = { x: 176, y: 4, lineHeight: 9, width: 144, first: 1, lines: 7 };
const PANEL_VIEW_MS = 250;
/** The players as the log writes them (white's, black's: h or c), in the order M steps
 *  through them (player_modes in asm/game/game.asm). */
const PLAYER_MODES = ["hc", "hh", "ch", "cc"];
/** The settings file the game writes (asm/game/settings.asm), kept in this browser; until
 *  the player switches the sounds on, the game starts without them. */
const SETTINGS_FILE = "CHESS.CFG";
const SETTINGS_KEY = "liberman-chess.settings";
const DEFAULT_SETTINGS = "think 1 sound 0\r\n";
/** Where a finger's pointer goes once the touch ends: the panel, off the board (as
 *  fractions of the screen), and how soon. */
const TOUCH_PARK = { x: 0.99, y: 0.5, afterMs: 50 };

const screen = document.getElementById("dos");
const loading = document.getElementById("loading");
const loadingText = document.getElementById("loading-text");
const focusHint = document.getElementById("focus-hint");
const pad = document.getElementById("pad");
const commands = document.getElementById("commands");
const commandNote = document.getElementById("command-note");
const panelView = document.getElementById("panel-view");
const importDialog = document.getElementById("import-dialog");
const importText = document.getElementById("import-text");
const importFile = document.getElementById("import-file");
const importError = document.getElementById("import-error");
const thinkingBar = document.getElementById("thinking");
const moveList = document.getElementById("move-list");
const choiceDialog = document.getElementById("choice-dialog");
const choiceTitle = document.getElementById("choice-title");
const choiceList = document.getElementById("choice-list");

/** The js-dos command interface once DOS runs; also reachable from the console and the
 *  end-to-end test as window.chess.ci. */
const game = {
  ci: null,
  /** The last log the game wrote, parsed, and its text. */
  log: null,
  logText: "",
  /** Commands pressed while the computer thinks, run once it has moved. */
  waiting: [],
  /** A save asked for (S or W) that the store does not hold yet: the time it was asked. */
  saveAsked: 0,
};
window.chess = game;

function showLoadError(text) {
  loading.classList.add("failed");
  loadingText.textContent = text;
}

function say(text) {
  commandNote.textContent = text;
}

// js-dos reads the keyboard on the whole window, so keys reach the game whenever the
// page has focus; the hint shows when it has not.
function focusGame() {
  screen.focus({ preventScroll: true });
}

function updateFocusHint() {
  focusHint.hidden = game.ci === null || document.hasFocus();
}

// ---------------------------------------------------------------------------------------
// Saved games, kept in localStorage so that they outlive a reload and a browser restart.

const toBase64 = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** { files: { NAME: base64 }, latest: NAME | null } */
function readStore() {
  try {
    const store = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null");
    if (store && typeof store.files === "object" && store.files !== null) {
      for (const name of Object.keys(store.files))
        if (!SAVED_FILE.test(name)) delete store.files[name];
      return store;
    }
  } catch {
    // A store another version left unreadable counts as empty.
  }
  return { files: {}, latest: null };
}

function writeStore(store) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
    return true;
  } catch (e) {
    say(`The game could not be kept in this browser: ${e.message}`);
    return false;
  }
}

/** The saved file the game wrote last, or null. */
function latestSaved() {
  const store = readStore();
  const name = store.latest;
  return name && SAVED_FILE.test(name) && store.files[name] !== undefined
    ? { name, bytes: fromBase64(store.files[name]) }
    : null;
}

function updateSavedButtons() {
  const saved = latestSaved() !== null;
  for (const name of ["load", "download"])
    commands.querySelector(`[data-command="${name}"]`).disabled = !saved;
}

/** Copy into the store every saved-game file on C: that differs from the stored copy. */
async function collectSavedFiles(ci, tree) {
  const store = readStore();
  let changed = null;
  for (const node of tree.nodes ?? []) {
    if (node.nodes !== null || !SAVED_FILE.test(node.name)) continue;
    const text = toBase64(await ci.fsReadFile(node.name));
    if (store.files[node.name] === text) continue;
    store.files[node.name] = text;
    if (changed === null || !PREFERRED_SAVE.test(changed)) changed = node.name;
  }
  if (changed === null) return;
  store.latest = changed;
  if (writeStore(store)) {
    game.saveAsked = 0;
    say(`Saved in this browser (${changed}).`);
  }
  updateSavedButtons();
}

/** The settings file drive C: starts with: the one the game wrote last, or the page's
 *  default (the sounds off). */
function readSettings() {
  const kept = localStorage.getItem(SETTINGS_KEY);
  return kept === null ? new TextEncoder().encode(DEFAULT_SETTINGS) : fromBase64(kept);
}

/** Keep the settings file when the game has written another one. */
async function collectSettings(ci, tree) {
  if (
    !(tree.nodes ?? []).some(
      (node) => node.nodes === null && node.name.toUpperCase() === SETTINGS_FILE,
    )
  )
    return;
  const text = toBase64(await ci.fsReadFile(SETTINGS_FILE));
  if (localStorage.getItem(SETTINGS_KEY) !== text) localStorage.setItem(SETTINGS_KEY, text);
}

/** A file of drive C:'s top folder by its name in any case, or undefined. */
const fileNode = (tree, name) =>
  (tree.nodes ?? []).find((n) => n.nodes === null && n.name.toUpperCase() === name);

/** GAME.LOG's lines as { name: value }, or null while it is being written (no "end"). */
function parseLog(text) {
  const lines = text.split(/\r?\n/);
  if (!lines.includes("end")) return null;
  const log = {};
  for (const line of lines) {
    const space = line.indexOf(" ");
    if (space > 0) log[line.slice(0, space)] = line.slice(space + 1);
    else if (line !== "") log[line] = "";
  }
  return log;
}

/** A CHESS.GAM as long as its header says (asm/game/savegame.asm): one read while the
 *  program was writing it is shorter. */
function wholeGam(bytes) {
  if (bytes.length < 23 || String.fromCharCode(...bytes.subarray(0, 4)) !== "LGAM") return false;
  const fen = bytes[20];
  if (bytes.length < 23 + fen) return false;
  const plies = bytes[21 + fen] | (bytes[22 + fen] << 8);
  return bytes.length === 23 + fen + plies + 2;
}

/** Keep the game in progress, as the program last wrote it, in localStorage. */
async function collectKept(ci, tree) {
  const kept = {};
  for (const name of KEEP_FILES) {
    const node = fileNode(tree, name);
    if (!node) return;
    kept[name] = await ci.fsReadFile(node.name);
  }
  if (!wholeGam(kept["KEEP.GAM"])) return;
  const text = JSON.stringify(Object.fromEntries(KEEP_FILES.map((n) => [n, toBase64(kept[n])])));
  if (localStorage.getItem(KEEP_KEY) !== text) localStorage.setItem(KEEP_KEY, text);
}

/** The kept game's files, or null. */
function readKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEEP_KEY) ?? "null");
    if (kept && KEEP_FILES.every((n) => typeof kept[n] === "string")) return kept;
  } catch {
    // An unreadable copy counts as none.
  }
  return null;
}

/** Read the log and the files the game has written since the last look. */
async function lookAtGame(ci) {
  const tree = await ci.fsTree();
  const logNode = fileNode(tree, LOG_FILE);
  if (logNode) {
    const text = new TextDecoder("latin1").decode(await ci.fsReadFile(logNode.name));
    const log = text === game.logText ? null : parseLog(text);
    if (log !== null) {
      game.logText = text;
      game.log = log;
      if (log.mode !== "setup") await collectKept(ci, tree);
      showGame(log);
    }
  }
  await collectSavedFiles(ci, tree);
  await collectSettings(ci, tree);
}

async function watchGame(ci) {
  for (;;) {
    await sleep(WATCH_MS);
    try {
      await lookAtGame(ci);
    } catch (e) {
      console.warn("could not read the game's files:", e);
    }
  }
}

/** The page as the game is: the thinking bar, the set-up keys, the move list; and the
 *  commands that waited for the computer's move, once it has moved. */
function showGame(log) {
  const thinking = log.mode === "think";
  thinkingBar.hidden = !thinking;
  setupKeys.hidden = log.mode !== "setup";
  showMoves(log);
  if (!thinking && game.waiting.length > 0) {
    const waiting = game.waiting;
    game.waiting = [];
    say("");
    (async () => {
      for (const name of waiting) await runCommand(name);
    })();
  }
}

/** The whole move list from the log's SAN, numbered from the game's first move, and
 *  scrolled to the last. */
function showMoves(log) {
  const san = (log.san ?? "").split(" ").filter(Boolean);
  const [, side, , , , full] = (log.fen ?? "").split(" ");
  const now = 2 * (Number(full) - 1 || 0) + (side === "b" ? 1 : 0);
  let ply = now - san.length;
  const rows = [];
  for (const move of san) {
    if (ply % 2 === 0 || rows.length === 0)
      rows.push(`${Math.floor(ply / 2) + 1}.${ply % 2 === 1 ? ".." : ""}`);
    rows[rows.length - 1] += ` ${move}`;
    ply++;
  }
  const text = rows.join("\n");
  if (moveList.textContent !== text) {
    moveList.replaceChildren(
      ...rows.map((row) => {
        const item = document.createElement("li");
        item.textContent = row;
        return item;
      }),
    );
  }
  moveList.scrollTop = moveList.scrollHeight;
}

// ---------------------------------------------------------------------------------------
// Starting the game: plainly, or (after a reload) with a saved or opened game.

/** What the next start runs: { args, files: { NAME: base64 }, note }, or null to go on
 *  with the kept game. Taken once: a later reload goes on with the game as it is then. */
function takeStart() {
  const start = JSON.parse(sessionStorage.getItem(START_KEY) ?? "null");
  sessionStorage.removeItem(START_KEY);
  return start;
}

function restartWith(args, note, files = {}) {
  sessionStorage.setItem(START_KEY, JSON.stringify({ args, note, files }));
  location.reload();
}

/** START.BAT: today's date for DOS (the PGN's Date tag), and the program's switches: the
 *  first run starts the game asked for, or goes on with the kept one; a run after the
 *  program ended (Q) goes on with the game as it was. */
function startBatch(start, kept) {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const date = `${two(now.getMonth() + 1)}-${two(now.getDate())}-${now.getFullYear()}`;
  const first = start ? start.args : kept ? "/load KEEP.GAM" : "";
  return [
    "@echo off",
    `date ${date}`,
    `set START=${RUN_SWITCHES} ${first}`,
    `set AGAIN=${RUN_SWITCHES} /load KEEP.GAM`,
    "",
  ].join("\r\n");
}

/** The files drive C: starts with besides the bundle's: the saved games, the settings,
 *  START.BAT, and the kept game or a special start's own files. */
function initialFiles(start) {
  const kept = start ? null : readKept();
  const files = { ...readStore().files, ...(start?.files ?? kept ?? {}) };
  const list = Object.entries(files).map(([path, text]) => ({ path, contents: fromBase64(text) }));
  list.push({ path: SETTINGS_FILE, contents: readSettings() });
  list.push({ path: START_BATCH, contents: new TextEncoder().encode(startBatch(start, kept)) });
  return list;
}

/** How long to watch for the first frame, and how often. */
const FIRST_FRAME_WAIT_MS = 20_000;
const FIRST_FRAME_POLL_MS = 250;

// js-dos attaches its canvas renderer a moment after DOS starts, and the emulator only
// sends a frame when the screen changes: a program that draws once and then waits for a
// key (as the game does) can leave the canvas blank when it was quick, or the machine
// slow. A canvas no frame has reached since its last resize is still transparent, so
// until one has, paint the emulator's own copy of the screen into it.
async function paintMissedFirstFrame(ci) {
  for (let waited = 0; waited < FIRST_FRAME_WAIT_MS; waited += FIRST_FRAME_POLL_MS) {
    await sleep(FIRST_FRAME_POLL_MS);
    const canvas = screen.querySelector("canvas");
    if (!canvas || canvas.width === 0 || canvas.height === 0) continue;
    const g = canvas.getContext("2d");
    if (g === null) return;
    if (g.getImageData(0, 0, 1, 1).data[3] !== 0) return;
    const shot = await ci.screenshot();
    if (shot.width === canvas.width && shot.height === canvas.height) {
      g.putImageData(shot, 0, 0);
      return;
    }
  }
}

/** Copy the panel's lines into the panel view while the phone layout shows it. */
function mirrorPanel() {
  const g = panelView.getContext("2d");
  setInterval(() => {
    const canvas = screen.querySelector("canvas");
    if (panelView.offsetParent === null || !canvas || canvas.width !== 320) return;
    const { x, y, lineHeight, width, first, lines } = PANEL_VIEW;
    const height = lines * lineHeight;
    g.drawImage(canvas, x, y + first * lineHeight, width, height, 0, 0, width, height);
  }, PANEL_VIEW_MS);
}

function onRunning(ci) {
  game.ci = ci;
  loading.hidden = true;
  pad.classList.add("ready");
  commands.classList.add("ready");
  focusGame();
  updateFocusHint();
  paintMissedFirstFrame(ci).catch((e) => console.warn("could not repaint the first frame:", e));
  watchGame(ci);
}

function startGame() {
  if (typeof window.Dos !== "function") {
    showLoadError("The js-dos player did not load. Is the server (npm start) still running?");
    return;
  }
  const start = takeStart();
  if (start) say(start.note);
  window.Dos(screen, {
    url: "chess.jsdos",
    pathPrefix: "js-dos/emulators/",
    initFs: initialFiles(start),
    kiosk: true,
    autoStart: true,
    theme: "dark",
    // 2D canvas: works without a GPU; pixelated keeps each VGA pixel a crisp block.
    renderBackend: "canvas",
    imageRendering: "pixelated",
    mouseCapture: false,
    onEvent(event, arg) {
      if (event === "emu-ready") loadingText.textContent = "Starting DOS…";
      if (event === "ci-ready") onRunning(arg);
    },
  });
}

// ---------------------------------------------------------------------------------------
// The buttons.

function bindPadButton(button) {
  const code = KEY_CODES[button.dataset.key];
  let pointer = null;
  const release = () => {
    if (pointer === null) return;
    pointer = null;
    button.classList.remove("held");
    game.ci?.sendKeyEvent(code, false);
  };
  // Held like a real key (DOSBox repeats it), and never takes the focus from the game.
  button.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (game.ci === null || pointer !== null) return;
    pointer = e.pointerId;
    button.setPointerCapture(e.pointerId);
    button.classList.add("held");
    game.ci.sendKeyEvent(code, true);
  });
  button.addEventListener("pointerup", release);
  button.addEventListener("pointercancel", release);
  button.addEventListener("lostpointercapture", release);
  button.addEventListener("contextmenu", (e) => e.preventDefault());
  // Activation without a pointer (assistive technology): one press.
  button.addEventListener("click", (e) => {
    if (e.detail === 0) game.ci?.simulateKeyPress(code);
  });
}

/** Presses one after another, each a key code or a list of codes held together. */
async function pressKeys(presses) {
  for (const press of presses) {
    game.ci.simulateKeyPress(...[press].flat()); // a list: keys held together
    await sleep(KEY_GAP_MS);
  }
}

/** A PGN text: tag pairs first, or a move number (the game's CHESS.SAV holds PGN). */
const PGN_START = /^\s*(\[[A-Za-z]|1\.)/;

/** A PGN tag's value, or "". */
const pgnTag = (text, name) => new RegExp(`^\\[${name} "([^"]*)"\\]`, "m").exec(text)?.[1] ?? "";

/** The saved file's name for the person downloading it, after the game: its players, its
 *  date and its result (white-black-2025-03-04-1-0.pgn); .pgn when it holds PGN, so that
 *  chess programs open it. A CHESS.GAM, which names no one, keeps its own name. */
function downloadName(saved) {
  const text = new TextDecoder("latin1").decode(saved.bytes.subarray(0, 2048));
  if (!PGN_START.test(text)) return saved.name.toLowerCase();
  const part = (value) =>
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const result = pgnTag(text, "Result").replace("1/2-1/2", "draw").replace("*", "");
  const name = [pgnTag(text, "White"), pgnTag(text, "Black"), pgnTag(text, "Date"), result]
    .map(part)
    .filter(Boolean)
    .join("-");
  return `${name || "chess"}.pgn`;
}

/** Wait until a save asked for just before is in the store (or it is too late). */
async function saveSettled() {
  const until = game.saveAsked + SAVE_WAIT_MS;
  while (game.saveAsked !== 0 && Date.now() < until) await sleep(WATCH_MS / 2);
  game.saveAsked = 0;
}

async function downloadSaved() {
  await saveSettled();
  const saved = latestSaved();
  if (saved === null) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([saved.bytes], { type: "application/octet-stream" }));
  link.download = downloadName(saved);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function loadSaved() {
  await saveSettled();
  const saved = latestSaved();
  if (saved !== null)
    restartWith(`/load ${saved.name}`, `The saved game (${saved.name}) is loaded.`);
}

/** The set-up board's keys, shown by Set up board. Each button's data-keys: a key name
 *  or letter, "shift X" for a capital (a white piece), or keys pressed one after another:
 *  "M N" for M then the digit N (ask for a mate in N), "M H N" and "M S N" for a helpmate
 *  or a selfmate in N. */
const setupKeys = document.getElementById("setup-keys");
const SHIFT = 340;

/** The presses of a set-up button, each a list of keys held together. */
function setupButtonPresses(button) {
  const keys = button.dataset.keys.split(" ");
  if (keys[0] === "shift") return [[SHIFT, letter(keys[1])]];
  if (keys.length > 1) return keys.map((k) => [letter(k)]);
  return [[KEY_CODES[keys[0]] ?? letter(keys[0])]];
}

for (const button of setupKeys.querySelectorAll("button[data-keys]")) {
  button.addEventListener("pointerdown", (e) => e.preventDefault());
  button.addEventListener("click", () => {
    if (game.ci === null) return;
    pressKeys(setupButtonPresses(button));
    focusGame();
  });
}

/** P enters the set-up (no Esc first: in the set-up Esc leaves it); pressed in the
 *  set-up, the button leaves it (Esc), back to the game as it was. The set-up keys show
 *  while the log says the game is in the set-up. */
function toggleSetup() {
  if (game.ci === null) return;
  game.ci.simulateKeyPress(game.log?.mode === "setup" ? KEY_CODES.esc : letter("P"));
  focusGame();
}

/** The choices of Level and Players, each with the presses of L or M that reach it from
 *  the game's setting now (the log's). */
function levelChoices() {
  const [, min, max] = /^(\d+) to (\d+)/.exec(choiceDialog.dataset.levels) ?? [, 1, 7];
  const count = max - min + 1;
  const now = Number(game.log?.level ?? min);
  return Array.from({ length: count }, (_, i) => ({
    label: `Level ${Number(min) + i}`,
    current: Number(min) + i === now,
    presses: (Number(min) + i - now + count) % count,
    key: "L",
  }));
}

const PLAYER_LABELS = {
  hc: "You play white",
  hh: "Two players",
  ch: "You play black",
  cc: "The computer plays itself",
};

function playerChoices() {
  const now = Math.max(0, PLAYER_MODES.indexOf(game.log?.players ?? "hc"));
  return PLAYER_MODES.map((mode, i) => ({
    label: PLAYER_LABELS[mode],
    current: i === now,
    presses: (i - now + PLAYER_MODES.length) % PLAYER_MODES.length,
    key: "M",
  }));
}

/** Open the list of a setting's choices; picking one presses its key as often as needed. */
function chooseFrom(title, choices) {
  if (game.ci === null) return;
  choiceTitle.textContent = title;
  choiceList.replaceChildren(
    ...choices.map((choice) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = choice.label;
      button.setAttribute("aria-current", String(choice.current));
      button.addEventListener("click", () => {
        choiceDialog.close();
        const presses = [KEY_CODES.esc, ...Array(choice.presses).fill(letter(choice.key))];
        pressKeys(presses).catch((e) => console.warn("the keys did not reach the game:", e));
        focusGame();
      });
      const item = document.createElement("li");
      item.append(button);
      return item;
    }),
  );
  choiceDialog.showModal();
}

const COMMAND_ACTIONS = {
  setup: toggleSetup,
  load: loadSaved,
  download: downloadSaved,
  level: () => chooseFrom("Level", levelChoices()),
  players: () => chooseFrom("Players", playerChoices()),
  import: () => {
    importError.textContent = "";
    importDialog.showModal();
  },
};

/** The commands that never wait for the computer's move: they change nothing the game
 *  is doing, or are the page's own. */
const NEVER_WAIT = new Set(["download", "import"]);

async function runCommand(name) {
  if (game.ci === null) return;
  if (game.log?.mode === "think" && !NEVER_WAIT.has(name)) {
    if (!game.waiting.includes(name)) game.waiting.push(name);
    say(
      `${game.waiting.map((n) => commands.querySelector(`[data-command="${n}"]`).textContent).join(", ")}: after the computer's move (Move now plays it at once).`,
    );
    return;
  }
  if (name === "save" || name === "savecompact") game.saveAsked = Date.now();
  const keys = COMMAND_KEYS[name];
  if (keys === undefined) {
    await COMMAND_ACTIONS[name]();
    return;
  }
  say("");
  const pressed = pressKeys(keys).catch((e) =>
    console.warn(`the ${name} keys did not reach the game:`, e),
  );
  focusGame();
  await pressed;
}

for (const button of commands.querySelectorAll("button[data-command]")) {
  // A button must not keep the focus: Enter or Space typed for the game would press it.
  button.addEventListener("pointerdown", (e) => e.preventDefault());
  button.addEventListener("click", () => runCommand(button.dataset.command));
}

// Move now: Space, which makes the thinking computer play its best move so far.
const moveNow = document.getElementById("move-now");
moveNow.addEventListener("pointerdown", (e) => e.preventDefault());
moveNow.addEventListener("click", () => {
  game.ci?.simulateKeyPress(KEY_CODES.space);
  focusGame();
});

// S and W typed on the keyboard save too: Download then waits for the file.
window.addEventListener(
  "keydown",
  (e) => {
    if (/^[sw]$/i.test(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey && !importDialog.open)
      game.saveAsked = Date.now();
  },
  true,
);

for (const type of ["keydown", "keyup", "keypress"])
  choiceDialog.addEventListener(type, (e) => e.stopPropagation());

// ---------------------------------------------------------------------------------------
// Opening a game from pasted text or a file.

/** The file chosen in the dialog, as bytes (a CHESS.GAM is binary), until the text is
 *  edited: { name, bytes } or null. */
let chosenFile = null;

/** A file's bytes are text (PGN, FEN) when they hold no control characters but tabs,
 *  line ends and the DOS end-of-file mark. */
const isText = (bytes) => !bytes.some((b) => b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 26);

/** How to start the game the dialog describes: a typed or pasted FEN goes on the command
 *  line; anything else (a PGN, a CHESS.SAV, a CHESS.GAM) is written to a file for /load,
 *  which names what it cannot read. */
function startForImport(text, chosen) {
  const fen = text.trim().replace(/\s+/g, " ");
  if (chosen === null && FEN_PATTERN.test(fen))
    return { args: `/fen ${fen}`, note: "The game starts from the FEN you gave." };
  const ext = /\.(pgn|fen|sav|gam|txt)$/i.exec(chosen?.name ?? "")?.[1]?.toUpperCase() ?? "PGN";
  const name = `OPENED.${ext}`;
  const note = `The game is loaded from ${chosen?.name ?? "the pasted text"} (as ${name}); the game's panel names anything it could not read.`;
  return {
    args: `/load ${name}`,
    note,
    files: { [name]: toBase64(chosen?.bytes ?? new TextEncoder().encode(text)) },
  };
}

importFile.addEventListener("change", async () => {
  const file = importFile.files?.[0];
  if (!file) return;
  if (file.size > IMPORT_MAX_BYTES) {
    importError.textContent = `${file.name} is ${file.size} bytes: too big for a chess game.`;
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  chosenFile = { name: file.name, bytes };
  importText.value = isText(bytes)
    ? new TextDecoder("latin1").decode(bytes)
    : `(${file.name}: a save file of ${bytes.length} bytes)`;
  importError.textContent = "";
});

importText.addEventListener("input", () => {
  chosenFile = null;
});

// js-dos takes every key of the window for DOS (and cancels it): the dialog's keys are
// for the text field, and must not reach the game (a typed q would quit it).
for (const type of ["keydown", "keyup", "keypress"])
  importDialog.addEventListener(type, (e) => e.stopPropagation());

importDialog.addEventListener("close", () => {
  if (importDialog.returnValue !== "start") return;
  const start = startForImport(importText.value, chosenFile);
  restartWith(start.args, start.note, start.files);
});

const FEN_PIECES = { 8: "pnbrqkPNBRQK", 6: "pnrqkPNRQK" };

/** What is wrong with a text meant as a FEN (it has no PGN's tags or move numbers and
 *  holds a rank's slash), or null: the board of 8 ranks of 8 squares (or 6 of 6, Los
 *  Alamos chess), one king a side, no pawn on an end rank, the side to move, castling,
 *  en passant and the two clocks. The game checks the rest, as on its command line. */
function fenFault(text) {
  const fields = text.trim().split(/\s+/);
  const ranks = fields[0].split("/");
  const size = ranks.length;
  if (size !== 8 && size !== 6) return `the board has ${size} ranks, not 8 (or 6 on the 6x6 board)`;
  for (const [i, rank] of ranks.entries()) {
    let squares = 0;
    for (const ch of rank) {
      if (/[1-8]/.test(ch)) squares += Number(ch);
      else if (FEN_PIECES[size].includes(ch)) squares++;
      else return `rank ${size - i} holds "${ch}", which is no piece`;
    }
    if (squares !== size) return `rank ${size - i} has ${squares} squares, not ${size}`;
  }
  for (const king of ["K", "k"]) {
    const count = fields[0].split(king).length - 1;
    if (count !== 1)
      return `${king === "K" ? "white" : "black"} has ${count} kings: a side has exactly one`;
  }
  if (/[pP]/.test(ranks[0] + ranks[size - 1])) return "a pawn stands on an end rank";
  const [side = "w", castling = "-", passant = "-", half = "0", full = "1"] = fields.slice(1);
  if (fields.length > 6) return `the FEN has ${fields.length} fields, not 6`;
  if (side !== "w" && side !== "b") return `the side to move is "${side}", not w or b`;
  if (!/^(-|K?Q?k?q?)$/.test(castling) || castling === "")
    return `castling is "${castling}", not - or some of KQkq in that order`;
  if (!/^(-|[a-h][36])$/.test(passant)) return `the en passant square is "${passant}"`;
  if (!/^\d{1,3}$/.test(half)) return `the halfmove clock is "${half}"`;
  if (!/^[1-9]\d{0,3}$/.test(full)) return `the move number is "${full}"`;
  return null;
}

/** Is the text meant as a FEN rather than a PGN? */
const looksLikeFen = (text) => text.includes("/") && !/\[|\b1\./.test(text);

document.getElementById("import-start").addEventListener("click", (e) => {
  const text = importText.value;
  let problem = null;
  if (chosenFile !== null && !isText(chosenFile.bytes)) return;
  if (text.trim() === "") problem = "Paste a FEN or a PGN, or choose a file.";
  else if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES)
    problem = "This text is too long for a chess game.";
  else if (looksLikeFen(text)) {
    const fault = fenFault(text);
    if (fault !== null) problem = `Not a FEN this game can play: ${fault}. The game goes on.`;
  }
  if (problem === null) return;
  e.preventDefault();
  importError.textContent = problem;
});

// A finger leaves no pointer behind on a piece: once a touch ends, the DOS pointer goes
// to the panel. The driver has recorded where the touch ended by then (the release's
// place), so the game still sees the tap or the drag where it was.
screen.addEventListener(
  "pointerup",
  (e) => {
    if (e.pointerType !== "touch") return;
    setTimeout(() => game.ci?.sendMouseMotion(TOUCH_PARK.x, TOUCH_PARK.y), TOUCH_PARK.afterMs);
  },
  true,
);

// Keyboard users reach the command and set-up buttons with Tab, as on any page: js-dos
// would send Tab to DOS (which has no use for it) and cancel the focus move, so Tab and
// Shift+Tab never reach it. A key typed on a focused button (Enter or Space presses it)
// is the button's, not the game's.
for (const type of ["keydown", "keyup"]) {
  window.addEventListener(
    type,
    (e) => {
      if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) e.stopImmediatePropagation();
    },
    true,
  );
}
for (const box of [commands, setupKeys]) {
  for (const type of ["keydown", "keyup", "keypress"]) {
    box.addEventListener(type, (e) => {
      if (e.target instanceof HTMLButtonElement) e.stopPropagation();
    });
  }
}

for (const button of pad.querySelectorAll("button[data-key]")) bindPadButton(button);
screen.addEventListener("pointerdown", focusGame);
focusHint.addEventListener("click", () => {
  focusGame();
  updateFocusHint();
});
window.addEventListener("focus", updateFocusHint);
window.addEventListener("blur", updateFocusHint);
updateSavedButtons();
mirrorPanel();
startGame();
