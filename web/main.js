// main.js -- start the game in the js-dos player (served from this machine), keep the
// keyboard on the game, turn the buttons into the game's keys, keep saved games in the
// browser, and start a saved, opened or pasted game.

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
  level: [KEY_CODES.esc, letter("L")],
  clock: [KEY_CODES.esc, letter("K")],
  players: [KEY_CODES.esc, letter("M")],
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
 *  a move, key W), or a .PGN; OPENED.* is what the page itself wrote for an opened game. */
const SAVED_FILE = /^(?!OPENED\.)[A-Z0-9_]{1,8}\.(SAV|PGN|GAM)$/i;
/** Of files written at once, the one to download and load: PGN, which other programs read. */
const PREFERRED_SAVE = /\.PGN$/i;
/** How often the page looks for a game the program has just saved. */
const SAVE_POLL_MS = 1000;
/** localStorage: the saved files (name -> base64) and which was written last. */
const STORE_KEY = "liberman-chess.saved";
/** sessionStorage: how the next start of the page runs the game (set before a reload). */
const START_KEY = "liberman-chess.start";
/** The batch file the bundle's autoexec runs instead of plain CHESS when it exists. */
const START_BATCH = "GAME.BAT";
/** A pasted or opened text larger than this is no chess game. */
const IMPORT_MAX_BYTES = 64 * 1024;
/** A FEN the game's /fen switch takes: pieces, then optionally side, castling, en passant
 *  and the clocks. Nothing else may reach the DOS command line. */
const FEN_PATTERN =
  /^[pnbrqkPNBRQK1-8]+(\/[pnbrqkPNBRQK1-8]+){7}( [wb]( (-|[KQkq]{1,4})( (-|[a-h][36])( \d{1,3}( \d{1,4})?)?)?)?)?$/;

/** Where the panel's lines lie on the 320x200 DOS screen (PANEL_X, PANEL_Y, LINE_PX in
 *  asm/inc/game.inc): the phone layout shows under the board the lines from the side to
 *  move down to the message (PANEL_SIDE .. PANEL_MESSAGE + 1), then the last MOVE_LINES
 *  lines of the move list that hold a move (from PANEL_MOVES on): the last six plies. */
const PANEL_VIEW = {
  x: 176,
  y: 4,
  lineHeight: 9,
  width: 144,
  first: 1,
  lines: 7,
  moves: 9,
  moveLines: 10,
};
const MOVE_LINES = 3;
const PANEL_VIEW_MS = 250;
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

/** The js-dos command interface once DOS runs; also reachable from the console and the
 *  end-to-end test as window.chess.ci. */
const game = { ci: null };
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
    if (store && typeof store.files === "object" && store.files !== null) return store;
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
  return name && store.files[name] !== undefined
    ? { name, bytes: fromBase64(store.files[name]) }
    : null;
}

function updateSavedButtons() {
  const saved = latestSaved() !== null;
  for (const name of ["load", "download"])
    commands.querySelector(`[data-command="${name}"]`).disabled = !saved;
}

/** Copy into the store every saved-game file on C: that differs from the stored copy. */
async function collectSavedFiles(ci) {
  const tree = await ci.fsTree();
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
  if (writeStore(store)) say(`Saved in this browser (${changed}).`);
  updateSavedButtons();
}

/** The settings file drive C: starts with: the one the game wrote last, or the page's
 *  default (the sounds off). */
function readSettings() {
  const kept = localStorage.getItem(SETTINGS_KEY);
  return kept === null ? new TextEncoder().encode(DEFAULT_SETTINGS) : fromBase64(kept);
}

/** Keep the settings file when the game has written another one. */
async function collectSettings(ci) {
  const tree = await ci.fsTree();
  if (
    !(tree.nodes ?? []).some(
      (node) => node.nodes === null && node.name.toUpperCase() === SETTINGS_FILE,
    )
  )
    return;
  const text = toBase64(await ci.fsReadFile(SETTINGS_FILE));
  if (localStorage.getItem(SETTINGS_KEY) !== text) localStorage.setItem(SETTINGS_KEY, text);
}

async function watchSavedFiles(ci) {
  for (;;) {
    await sleep(SAVE_POLL_MS);
    try {
      await collectSavedFiles(ci);
      await collectSettings(ci);
    } catch (e) {
      console.warn("could not read the saved game:", e);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Starting the game: plainly, or (after a reload) with a saved or opened game.

/** What the next start runs: { command, files: { NAME: base64 }, note }, or null for a
 *  plain start. Taken once: a later reload starts a new game. */
function takeStart() {
  const start = JSON.parse(sessionStorage.getItem(START_KEY) ?? "null");
  sessionStorage.removeItem(START_KEY);
  return start;
}

function restartWith(command, note, files = {}) {
  sessionStorage.setItem(START_KEY, JSON.stringify({ command, note, files }));
  location.reload();
}

/** The files drive C: starts with besides the bundle's: the saved games, and for a
 *  special start its own files and the batch file that runs it. */
function initialFiles(start) {
  const files = { ...readStore().files, ...(start?.files ?? {}) };
  const list = Object.entries(files).map(([path, text]) => ({ path, contents: fromBase64(text) }));
  list.push({ path: SETTINGS_FILE, contents: readSettings() });
  if (start)
    list.push({ path: START_BATCH, contents: new TextEncoder().encode(`${start.command}\r\n`) });
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

/** Copy the panel's lines into the panel view while the phone layout shows it: the
 *  game's state, then the last moves. */
function mirrorPanel() {
  const g = panelView.getContext("2d");
  setInterval(() => {
    const canvas = screen.querySelector("canvas");
    if (panelView.offsetParent === null || !canvas || canvas.width !== 320) return;
    const { x, y, lineHeight, width, first, lines, moves, moveLines } = PANEL_VIEW;
    const top = lines * lineHeight;
    g.drawImage(canvas, x, y + first * lineHeight, width, top, 0, 0, width, top);
    const source = canvas.getContext("2d");
    let last = moves + MOVE_LINES - 1; // the last line of the move list that holds text
    if (source !== null) {
      const area = source.getImageData(
        x,
        y + moves * lineHeight,
        width,
        moveLines * lineHeight,
      ).data;
      const ground = source.getImageData(0, 0, 1, 1).data; // the backdrop, left of the board
      const inked = (line) => {
        for (
          let p = line * lineHeight * width * 4;
          p < (line + 1) * lineHeight * width * 4;
          p += 4
        ) {
          if (area[p] !== ground[0] || area[p + 1] !== ground[1] || area[p + 2] !== ground[2])
            return true;
        }
        return false;
      };
      for (let line = MOVE_LINES; line < moveLines; line++) if (inked(line)) last = moves + line;
    }
    const from = last - MOVE_LINES + 1;
    g.drawImage(
      canvas,
      x,
      y + from * lineHeight,
      width,
      MOVE_LINES * lineHeight,
      0,
      top,
      width,
      MOVE_LINES * lineHeight,
    );
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
  watchSavedFiles(ci);
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

/** The saved file's name for the person downloading it, lower case, its extension .pgn
 *  when it holds PGN so that chess programs open it. */
function downloadName(saved) {
  const name = saved.name.toLowerCase();
  const text = new TextDecoder("latin1").decode(saved.bytes.subarray(0, 64));
  return PGN_START.test(text) ? name.replace(/\.[^.]*$/, ".pgn") : name;
}

function downloadSaved() {
  const saved = latestSaved();
  if (saved === null) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([saved.bytes], { type: "application/octet-stream" }));
  link.download = downloadName(saved);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function loadSaved() {
  const saved = latestSaved();
  if (saved !== null)
    restartWith(`CHESS /load ${saved.name}`, `The saved game (${saved.name}) is loaded.`);
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
    if (button.hasAttribute("data-closes")) setupKeys.hidden = true;
    focusGame();
  });
}

/** P enters the set-up (no Esc first: in the set-up Esc leaves it); pressed again, the
 *  button only hides the set-up keys, since P there places a black pawn. */
function toggleSetup() {
  if (game.ci === null) return;
  if (setupKeys.hidden) game.ci.simulateKeyPress(letter("P"));
  setupKeys.hidden = !setupKeys.hidden;
  focusGame();
}

const COMMAND_ACTIONS = {
  setup: toggleSetup,
  load: loadSaved,
  download: downloadSaved,
  import: () => {
    importError.textContent = "";
    importDialog.showModal();
  },
};

function runCommand(name) {
  const keys = COMMAND_KEYS[name];
  if (keys === undefined) {
    COMMAND_ACTIONS[name]();
    return;
  }
  if (game.ci === null) return;
  say("");
  pressKeys(keys).catch((e) => console.warn(`the ${name} keys did not reach the game:`, e));
  focusGame();
}

for (const button of commands.querySelectorAll("button[data-command]")) {
  // A button must not keep the focus: Enter or Space typed for the game would press it.
  button.addEventListener("pointerdown", (e) => e.preventDefault());
  button.addEventListener("click", () => runCommand(button.dataset.command));
}

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
    return { command: `CHESS /fen ${fen}`, note: "The game starts from the FEN you gave." };
  const ext = /\.(pgn|fen|sav|gam|txt)$/i.exec(chosen?.name ?? "")?.[1]?.toUpperCase() ?? "PGN";
  const name = `OPENED.${ext}`;
  const note = `The game is loaded from ${chosen?.name ?? "the pasted text"} (as ${name}); the game's panel names anything it could not read.`;
  return {
    command: `CHESS /load ${name}`,
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
  restartWith(start.command, start.note, start.files);
});

document.getElementById("import-start").addEventListener("click", (e) => {
  const text = importText.value;
  let problem = null;
  if (chosenFile !== null) return;
  if (text.trim() === "") problem = "Paste a FEN or a PGN, or choose a file.";
  else if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES)
    problem = "This text is too long for a chess game.";
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
