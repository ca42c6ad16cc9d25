// main.js -- start the game in the js-dos player (served from this machine), keep the
// keyboard on the game, and turn the on-screen buttons into key presses.

/** js-dos key codes (GLFW numbering) of the keys the game uses. */
const KEY_CODES = { up: 265, down: 264, left: 263, right: 262, enter: 257, space: 32, esc: 256 };

const screen = document.getElementById("dos");
const loading = document.getElementById("loading");
const loadingText = document.getElementById("loading-text");
const focusHint = document.getElementById("focus-hint");
const pad = document.getElementById("pad");

/** The js-dos command interface once DOS runs; also reachable from the console and the
 *  end-to-end test as window.chess.ci. */
const game = { ci: null };
window.chess = game;

function showLoadError(text) {
  loading.classList.add("failed");
  loadingText.textContent = text;
}

// js-dos reads the keyboard on the whole window, so keys reach the game whenever the
// page has focus; the hint shows when it has not.
function focusGame() {
  screen.focus({ preventScroll: true });
}

function updateFocusHint() {
  focusHint.hidden = game.ci === null || document.hasFocus();
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
    await new Promise((resolve) => setTimeout(resolve, FIRST_FRAME_POLL_MS));
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

function onRunning(ci) {
  game.ci = ci;
  loading.hidden = true;
  pad.classList.add("ready");
  focusGame();
  updateFocusHint();
  paintMissedFirstFrame(ci).catch((e) => console.warn("could not repaint the first frame:", e));
}

function startGame() {
  if (typeof window.Dos !== "function") {
    showLoadError("The js-dos player did not load. Is the server (npm start) still running?");
    return;
  }
  window.Dos(screen, {
    url: "chess.jsdos",
    pathPrefix: "js-dos/emulators/",
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

for (const button of pad.querySelectorAll("button[data-key]")) bindPadButton(button);
screen.addEventListener("pointerdown", focusGame);
focusHint.addEventListener("click", () => {
  focusGame();
  updateFocusHint();
});
window.addEventListener("focus", updateFocusHint);
window.addEventListener("blur", updateFocusHint);
startGame();
