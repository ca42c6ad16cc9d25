// dos-zip -- the game to take away for DOS: a zip as DOS archives carry it, with
// CHESS.COM, its manual CHESS.TXT (CP437, CR LF, 80 columns at most) and FILE_ID.DIZ
// (the BBS description: 45 columns, 10 lines at most). The web page links to it
// (Download for DOS); `npm run build:web` writes it beside the page and `npm start`
// serves it.
import { zipSync } from "fflate";

export const DOS_ZIP_NAME = "liberman-chess-dos.zip";
export const MANUAL_COLUMNS = 80;

const FILE_ID = [
  "LIBERMAN CHESS - chess for DOS, 386 or later",
  "A port of Leonid Liberman's 1990s engine:",
  "VGA board with mouse, every rule, alpha-beta",
  "search, opening book, chess clocks, take-",
  "back, PGN save and load, set-up board with",
  "mate solver, Los Alamos chess on 6x6.",
  "One 54 KB CHESS.COM. Manual: CHESS.TXT.",
];

const MANUAL = `LIBERMAN CHESS FOR DOS

A chess game in one file, CHESS.COM: Leonid Liberman's 1990s chess engine ported
to NASM, with what a player expects today: every rule of chess, an alpha-beta
search, an opening book, chess clocks, take-back, saving in PGN, a VGA board
with the mouse, a set-up board with a mate solver, and Los Alamos chess on 6x6.

WHAT IT NEEDS

A 386 or later, VGA, and 512 KB of conventional memory (it says so when DOS has
less). A mouse driver is used when one is loaded. It runs in DOSBox as well.

STARTING

  CHESS                  a new game; you play white against the computer
  CHESS /level N         at level N, 1 to 7
  CHESS /quiet           with the PC speaker's sounds off
  CHESS /fen FEN         from a position (the rest of the line is the FEN)
  CHESS /load FILE       from a saved game: CHESS.SAV (PGN), CHESS.GAM, a FEN

THE KEYS

  Arrows        move the cursor frame over the board
  Enter, Space  take up the piece under the cursor; again on a square, put it
                down there. The mouse: click a piece, then its square, or drag.
  e2e4 Enter    type a move (e7e8q for a promotion)
  Esc           put the piece back, forget the typed move
  T             take back your last move and the computer's reply
  F             turn the board round
  L             the level: 1 and 2 search 1 and 3 plies deep, 3 to 7 think
                1, 3, 10, 30 or 60 seconds a move (4 at the start)
  K             a chess clock: none, 5+0, 15+10, 40 moves in 90 minutes
  M             the players: you white, two players, you black, the computer
                against itself
  O             the opening book on or off
  H             a hint: the move the computer would play for you
  I             the computer's thinking on the panel, on or off
  A             analysis: the computer thinks about the position until a key
  Z             the PC speaker's sounds on or off
  V             a new game of Los Alamos chess on 6x6, or chess again
  P             the set-up board (see below)
  S             save the game as PGN in CHESS.SAV
  W             save the game compactly in CHESS.GAM
  N             a new game
  Q, Alt-X      back to DOS

While the computer thinks, Space makes it play the best move it has found; the
other keys wait until it has moved.

THE SET-UP BOARD

P brings it up with the position on the board. Pick a piece with its letter,
K Q R B N P for white (with Shift) or k q r b n p for black, then put it on a
square with Space or a click (again on the same piece: it comes off). X empties
the square, C clears the board, I sets the start position, V the other board,
T changes the side to move, 1 2 3 4 the castling rights. Enter plays from the
position; M then a digit 1-8 asks first for a mate in that many moves (M H and
M S then a digit: a helpmate or a selfmate). Esc goes back to the game.

LOS ALAMOS CHESS

The 6x6 game MANIAC I played in 1956: no bishops, pawns step one square and
promote to a queen, rook or knight, and there is no castling.

THE FILES IT WRITES

  CHESS.SAV   the game as PGN (S), which other chess programs read
  CHESS.GAM   the game compactly, with its level and clocks (W)
  CHESS.CFG   the settings kept: the thinking shown, the sounds
`;

/** Text as DOS keeps it: CR LF line ends, one byte a character (CP437; the texts here
 *  hold only ASCII, which CP437 shares), and a Ctrl-Z at the end. */
function dosText(lines: string[]): Uint8Array {
  const text = lines.join("\r\n") + "\r\n\x1a";
  for (const ch of text)
    if (ch.charCodeAt(0) > 0x7e && ch !== "\x1a") throw new Error(`not in CP437's ASCII: ${ch}`);
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The zip for DOS around a CHESS.COM. */
export function dosZip(program: Uint8Array): Uint8Array {
  const manual = MANUAL.trimEnd().split("\n");
  const long = manual.find((line) => line.length > MANUAL_COLUMNS);
  if (long !== undefined)
    throw new Error(`CHESS.TXT: a line over ${MANUAL_COLUMNS} columns: ${long}`);
  // A fixed time for every entry: the same program makes the same zip.
  const mtime = new Date(2000, 0, 1);
  return zipSync(
    {
      "CHESS.COM": [program, { mtime }],
      "CHESS.TXT": [dosText(manual), { mtime }],
      "FILE_ID.DIZ": [dosText(FILE_ID), { mtime }],
    },
    { level: 9 },
  );
}
