// screen -- read the game's mode 13h screen back: the position on the board, its
// orientation, the cursor, the lit squares, and the panel's text.
//
// Nothing here is copied from asm/: the geometry and the palette indices are the
// constants nasm lists in build/chess.map, and the palette, the piece pictures and
// their inks are read out of the assembled CHESS.COM at the addresses the map gives.
// The panel's text is read with a font learned from the screen itself: lines whose
// text is known (the help lines and the title, also read out of CHESS.COM) teach the
// reader the BIOS font's glyphs.
import type { MappedProgram } from "./build.ts";
import type { RgbaImage } from "./png.ts";

/** Pieces as FEN letters (upper case white); null for an empty square. */
export type PieceLetter = "K" | "Q" | "R" | "B" | "N" | "P" | "k" | "q" | "r" | "b" | "n" | "p";
export type Ground = "grey" | "green" | "grey-lit" | "green-lit" | "picked" | "hint";

export interface Layout {
  /** Every equ constant of the map ("No Section"), e.g. BOARD_X, PAL_CURSOR. */
  readonly constants: ReadonlyMap<string, number>;
  readonly boardX: number;
  readonly boardY: number;
  readonly squarePx: number;
  readonly pieceInset: number;
  readonly piecePx: number;
  readonly cursorPx: number;
  /** The palette as the screen shows it (8-bit channels), by palette index. */
  readonly palette: readonly (readonly [number, number, number])[];
  /** One picture a piece kind (the square byte's piece code order), one pixel kind
   *  (ART_CLEAR, ART_LINE, ART_BODY, ART_MARK) a pixel, row by row. */
  readonly pieceArt: readonly Uint8Array[];
  /** The pixel kind the picture does not draw: the square shows through. */
  readonly artClear: number;
  /** Palette index of each drawn pixel kind, per colour: [black, white]. */
  readonly inks: readonly ReadonlyMap<number, number>[];
  /** Text the program draws at known places: the help lines, the help's Move now key
   *  beside the file letters, and the title. */
  readonly helpLines: readonly string[];
  readonly helpMoveNow: string;
  readonly title: string;
}

export interface SquareView {
  piece: PieceLetter | null;
  ground: Ground;
  cursor: boolean;
  /** Mismatched pixels of the best reading (0 on a clean screen). */
  misfit: number;
}

/** The board on the screen: 8 files and ranks, or the 6x6 board of Los Alamos chess,
 *  drawn in the middle of the same area (its a1..f6 LA_MARGIN cells in from each edge,
 *  its coordinates beside it in those cells). */
export type BoardSize = 8 | 6;

export interface ScreenView {
  size: BoardSize;
  /** Square index 0 = a8 .. 63 = h1, as the asm and the FEN count (on the 6x6 board the
   *  squares off it read as empty grey). */
  squares: SquareView[];
  flipped: boolean;
  /** The FEN board field of what the screen shows. */
  boardFen: string;
  cursor: string | null;
  picked: string | null;
  lit: string[];
  /** The squares of a hint's move (H), lit in PAL_HINT. */
  hinted: string[];
}

const PIECE_CODES = "rnbqkp"; // the order of the square byte's piece bits (1998 text)
const DAC_TO_8BIT = (v: number) => (v << 2) | (v >> 4);

/** The layout of the game from its bytes and its symbol map. */
export function loadLayout(program: MappedProgram): Layout {
  const map = program.map;
  const bytesAt = (label: string, n: number) => program.bytesAt(map.label(label), n);
  const entries = map.constant("PAL_ENTRIES");
  const rgb = bytesAt("palette", entries * 3);
  const palette = Array.from(
    { length: entries },
    (_, i) =>
      [
        DAC_TO_8BIT(rgb[i * 3]!),
        DAC_TO_8BIT(rgb[i * 3 + 1]!),
        DAC_TO_8BIT(rgb[i * 3 + 2]!),
      ] as const,
  );
  const piecePx = map.constant("PIECE_PX");
  // piece_art packs a picture's pixels ART_BITS bits each, the first of a byte in its
  // top bits, PIECE_ART_BYTES bytes a picture.
  const artBits = map.constant("ART_BITS");
  const artBytes = map.constant("PIECE_ART_BYTES");
  const perByte = 8 / artBits;
  const art = bytesAt("piece_art", artBytes * PIECE_CODES.length);
  const pieceArt = PIECE_CODES.split("").map((_, k) =>
    Uint8Array.from({ length: piecePx * piecePx }, (_, p) => {
      const byte = art[k * artBytes + Math.floor(p / perByte)]!;
      return (byte >> (8 - artBits * ((p % perByte) + 1))) & ((1 << artBits) - 1);
    }),
  );
  const inkBytes = bytesAt("piece_inks", 6);
  const kinds = ["ART_LINE", "ART_BODY", "ART_MARK"].map((name) => map.constant(name));
  const inks = [0, 1].map(
    (colour) => new Map(kinds.map((kind, i) => [kind, inkBytes[colour * 3 + i]!])),
  );
  let at = map.label("help_text");
  const helpLines: string[] = [];
  for (let i = 0; i < map.constant("HELP_LINES"); i++) {
    const line = program.stringAt(at);
    helpLines.push(line);
    at += line.length + 1;
  }
  return {
    constants: map.constants,
    boardX: map.constant("BOARD_X"),
    boardY: map.constant("BOARD_Y"),
    squarePx: map.constant("SQUARE_PX"),
    pieceInset: map.constant("PIECE_INSET"),
    piecePx,
    cursorPx: map.constant("CURSOR_PX"),
    palette,
    pieceArt,
    artClear: map.constant("ART_CLEAR"),
    inks,
    helpLines,
    helpMoveNow: program.stringAt(map.label("help_move_now")),
    title: program.stringAt(map.label("text_title")),
  };
}

export function squareName(sq: number): string {
  return "abcdefgh"[sq & 7]! + String(8 - (sq >> 3));
}

/** Screen pixels as palette indices: each pixel's nearest palette colour. */
export function paletteIndices(img: RgbaImage, layout: Layout): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  const cache = new Map<number, number>();
  for (let p = 0; p < out.length; p++) {
    const r = img.data[p * 4]!,
      g = img.data[p * 4 + 1]!,
      b = img.data[p * 4 + 2]!;
    const key = (r << 16) | (g << 8) | b;
    let best = cache.get(key);
    if (best === undefined) {
      let bestD = Infinity;
      best = 0;
      layout.palette.forEach(([pr, pg, pb], i) => {
        const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      });
      cache.set(key, best);
    }
    out[p] = best;
  }
  return out;
}

/** The first palette index with the same colour: what paletteIndices reports for it
 *  (two entries of one colour cannot be told apart on the screen). */
function canonical(layout: Layout, index: number): number {
  const [r, g, b] = layout.palette[index]!;
  return layout.palette.findIndex(([pr, pg, pb]) => pr === r && pg === g && pb === b);
}

function groundName(index: number, c: ReadonlyMap<string, number>): Ground | null {
  const names: [string, Ground][] = [
    ["PAL_GREY", "grey"],
    ["PAL_GREEN", "green"],
    ["PAL_GREY_LIT", "grey-lit"],
    ["PAL_GREEN_LIT", "green-lit"],
    ["PAL_PICKED", "picked"],
    ["PAL_HINT", "hint"],
  ];
  for (const [constant, name] of names) if (c.get(constant) === index) return name;
  return null;
}

/** Is the square on a board of this size (the 6x6 board is a1..f6)? */
function onBoard(sq: number, size: BoardSize): boolean {
  return (sq & 7) < size && sq >> 3 >= 8 - size;
}

/** Where a square's top-left pixel is, the board normal or reversed. */
export function squareOrigin(
  layout: Layout,
  sq: number,
  flipped: boolean,
  size: BoardSize = 8,
): { x: number; y: number } {
  const margin = size === 8 ? 0 : layout.constants.get("LA_MARGIN")!;
  let file = sq & 7,
    row = sq >> 3;
  if (flipped) {
    file = 7 - file - margin;
    row = 7 - row + margin;
  } else {
    file += margin;
    row -= margin;
  }
  return { x: layout.boardX + file * layout.squarePx, y: layout.boardY + row * layout.squarePx };
}

/** The centre of a square as fractions of the screen, for DosSession.click. */
export function squareClickPoint(
  layout: Layout,
  square: string,
  flipped = false,
  size: BoardSize = 8,
): { x: number; y: number } {
  const sq = (8 - Number(square[1])) * 8 + (square.charCodeAt(0) - 97);
  const o = squareOrigin(layout, sq, flipped, size);
  const w = layout.constants.get("SCREEN_W")!,
    h = layout.constants.get("SCREEN_H")!;
  return { x: (o.x + layout.squarePx / 2) / w, y: (o.y + layout.squarePx / 2) / h };
}

/** 6 when the top-left cell of the board's area is bare backdrop (the 6x6 board sits
 *  inside it), else 8. */
function readSize(idx: Uint8Array, width: number, layout: Layout): BoardSize {
  const backdrop = layout.constants.get("PAL_BACKDROP")!;
  for (let dy = 0; dy < layout.squarePx; dy++)
    for (let dx = 0; dx < layout.squarePx; dx++)
      if (idx[(layout.boardY + dy) * width + layout.boardX + dx] !== backdrop) return 8;
  return 6;
}

function readSquare(
  idx: Uint8Array,
  width: number,
  layout: Layout,
  sq: number,
  flipped: boolean,
  size: BoardSize,
): SquareView {
  if (!onBoard(sq, size)) return { piece: null, ground: "grey", cursor: false, misfit: 0 };
  const { x, y } = squareOrigin(layout, sq, flipped, size);
  const s = layout.squarePx,
    inset = layout.pieceInset,
    n = layout.piecePx,
    k = layout.cursorPx;
  const at = (dx: number, dy: number) => idx[(y + dy) * width + x + dx]!;
  const cursorInk = layout.constants.get("PAL_CURSOR")!;
  let ring = 0,
    ringOn = 0;
  for (let dy = 0; dy < s; dy++)
    for (let dx = 0; dx < s; dx++) {
      if (dx >= k && dx < s - k && dy >= k && dy < s - k) continue;
      ring++;
      if (at(dx, dy) === cursorInk) ringOn++;
    }
  // Each reading: the pixels its picture draws must show its inks; the others show
  // the square's ground, taken as their most frequent colour.
  let best: SquareView | null = null;
  const candidates: (PieceLetter | null)[] = [null, ...("RNBQKPrnbqkp".split("") as PieceLetter[])];
  for (const piece of candidates) {
    const art = piece ? layout.pieceArt["rnbqkp".indexOf(piece.toLowerCase())]! : null;
    const inks = piece ? layout.inks[piece === piece.toUpperCase() ? 1 : 0]! : null;
    let misfit = 0;
    const groundCount = new Map<number, number>();
    for (let py = 0; py < n; py++)
      for (let px = 0; px < n; px++) {
        const seen = at(inset + px, inset + py);
        const kind = art ? art[py * n + px]! : layout.artClear;
        if (kind === layout.artClear) groundCount.set(seen, (groundCount.get(seen) ?? 0) + 1);
        else if (canonical(layout, inks!.get(kind)!) !== seen) misfit++;
      }
    let ground = -1,
      most = -1,
      total = 0;
    for (const [colour, count] of groundCount) {
      total += count;
      if (count > most) {
        most = count;
        ground = colour;
      }
    }
    misfit += total - most;
    if (!best || misfit < best.misfit) {
      best = {
        piece,
        ground: groundName(ground, layout.constants) ?? "grey",
        cursor: false,
        misfit,
      };
    }
  }
  best!.cursor = ringOn * 2 > ring;
  return best!;
}

/** Where the coordinates of a board of this size are: the rank digits' x, the file
 *  letters' y, and the cells the board leaves around it. */
function labelPlaces(
  layout: Layout,
  size: BoardSize,
): { rankX: number; fileY: number; margin: number } {
  const c = layout.constants;
  return size === 8
    ? { rankX: c.get("RANK_LABEL_X")!, fileY: c.get("FILE_LABEL_Y")!, margin: 0 }
    : {
        rankX: c.get("LA_RANK_LABEL_X")!,
        fileY: c.get("LA_FILE_LABEL_Y")!,
        margin: c.get("LA_MARGIN")!,
      };
}

/** Is the board reversed? The rank digit beside the board's top row is 8 (6 on the
 *  6x6 board) when normal, 1 when reversed: an 8 or a 6 has more lit pixels than a 1. */
function readFlipped(idx: Uint8Array, width: number, layout: Layout, size: BoardSize): boolean {
  const c = layout.constants;
  const { rankX: x0, margin } = labelPlaces(layout, size);
  const dy = c.get("RANK_LABEL_DY")!,
    fw = c.get("FONT_W")!,
    fh = c.get("FONT_H")!;
  const backdrop = c.get("PAL_BACKDROP")!;
  const lit = (row: number) => {
    let n = 0;
    const y0 = layout.boardY + row * layout.squarePx + dy;
    for (let y = y0; y < y0 + fh; y++)
      for (let x = x0; x < x0 + fw; x++) if (idx[y * width + x] !== backdrop) n++;
    return n;
  };
  return lit(margin) < lit(7 - margin);
}

function boardField(squares: SquareView[], size: BoardSize): string {
  const ranks: string[] = [];
  for (let row = 8 - size; row < 8; row++) {
    let text = "",
      empty = 0;
    for (let file = 0; file < size; file++) {
      const p = squares[row * 8 + file]!.piece;
      if (!p) {
        empty++;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += p;
    }
    if (empty) text += String(empty);
    ranks.push(text);
  }
  return ranks.join("/");
}

/** Read the board part of a screenshot. */
export function readScreen(img: RgbaImage, layout: Layout): ScreenView {
  const idx = paletteIndices(img, layout);
  const size = readSize(idx, img.width, layout);
  const flipped = readFlipped(idx, img.width, layout, size);
  const squares = Array.from({ length: 64 }, (_, sq) =>
    readSquare(idx, img.width, layout, sq, flipped, size),
  );
  const find = (f: (s: SquareView) => boolean) =>
    squares.flatMap((s, i) => (f(s) ? [squareName(i)] : []));
  return {
    size,
    squares,
    flipped,
    boardFen: boardField(squares, size),
    cursor: find((s) => s.cursor)[0] ?? null,
    picked: find((s) => s.ground === "picked")[0] ?? null,
    lit: find((s) => s.ground === "grey-lit" || s.ground === "green-lit"),
    hinted: find((s) => s.ground === "hint"),
  };
}

// ---------------------------------------------------------------------------------------
// Text.

/** Glyphs learned from the screen: an 8x8 cell's ink mask (64 chars of 0/1) -> char. */
export type Font = Map<string, string>;

/** A text cell's pixels in the text inks as 0/1. Anything else -- the paper, or the
 *  mouse pointer the driver draws in its own white and black -- counts as paper. */
function cellMask(idx: Uint8Array, width: number, x: number, y: number, layout: Layout): string {
  const c = layout.constants;
  const fw = c.get("FONT_W")!,
    fh = c.get("FONT_H")!;
  const inks = new Set(
    ["PAL_TEXT", "PAL_TEXT_HI", "PAL_TEXT_DIM"].map((name) => canonical(layout, c.get(name)!)),
  );
  let mask = "";
  for (let dy = 0; dy < fh; dy++)
    for (let dx = 0; dx < fw; dx++) mask += inks.has(idx[(y + dy) * width + x + dx]!) ? "1" : "0";
  return mask;
}

/** A panel line whose text the caller knows (from the game log, say). */
export interface KnownLine {
  line: number;
  text: string;
}

/** Learn the glyphs of the text whose words are known: the help lines under the board,
 *  the title at the top of the panel, the coordinates (a-h, 1-8), and any panel lines
 *  the caller knows. Cells under the mouse pointer or another ink teach nothing. */
export function learnFont(
  img: RgbaImage,
  layout: Layout,
  known: KnownLine[] = [],
  font: Font = new Map(),
): Font {
  const idx = paletteIndices(img, layout);
  const c = layout.constants;
  const fw = c.get("FONT_W")!,
    fh = c.get("FONT_H")!;
  const learn = (text: string, x: number, y: number) => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] === " ") continue;
      font.set(cellMask(idx, img.width, x + i * fw, y, layout), text[i]!);
    }
  };
  layout.helpLines.forEach((line, i) => learn(line, 0, c.get("HELP_Y")! + i * fh));
  learn(layout.helpMoveNow, c.get("HELP_NOW_X")!, c.get("HELP_NOW_Y")!);
  const panelY = (line: number) => c.get("PANEL_Y")! + line * c.get("LINE_PX")!;
  learn(layout.title, c.get("PANEL_X")!, panelY(c.get("PANEL_TITLE")!));
  for (const k of known) learn(k.text, c.get("PANEL_X")!, panelY(k.line));
  const size = readSize(idx, img.width, layout);
  const flipped = readFlipped(idx, img.width, layout, size);
  const { rankX, fileY, margin } = labelPlaces(layout, size);
  for (let i = 0; i < size; i++) {
    const rank = String(flipped ? i + 1 : size - i);
    const file = "abcdefgh"[flipped ? size - 1 - i : i]!;
    const cell = i + margin;
    learn(rank, rankX, layout.boardY + cell * layout.squarePx + c.get("RANK_LABEL_DY")!);
    learn(file, layout.boardX + cell * layout.squarePx + c.get("FILE_LABEL_DX")!, fileY);
  }
  return font;
}

/** One panel line as text ('?' for a glyph the font has not learned), trimmed. */
export function readPanelLine(img: RgbaImage, layout: Layout, font: Font, line: number): string {
  const c = layout.constants;
  const y = c.get("PANEL_Y")! + line * c.get("LINE_PX")!;
  return readCells(img, layout, font, c.get("PANEL_X")!, y, c.get("PANEL_COLS")!);
}

/** The text of `cols` cells from (x, y) ('?' for a glyph the font has not learned),
 *  trimmed. */
export function readCells(
  img: RgbaImage,
  layout: Layout,
  font: Font,
  x: number,
  y: number,
  cols: number,
): string {
  const idx = paletteIndices(img, layout);
  const fw = layout.constants.get("FONT_W")!;
  let text = "";
  for (let col = 0; col < cols; col++) {
    const mask = cellMask(idx, img.width, x + col * fw, y, layout);
    text += /^0+$/.test(mask) ? " " : (font.get(mask) ?? "?");
  }
  return text.trimEnd();
}
