// oracle -- an independent chess rules engine on a 0x88 board, to check the assembly
// against. Shares nothing with asm/: its own board, tables and legality method.
// It plays chess and, on the a1..f6 corner of the same board, Los Alamos chess.
//
// The modules on perft's path (position, attacks, pseudo, movegen, make, perft) copy what they
// import into module constants: under vitest's module runner every use of an imported
// name is a lookup on the exporting module, and perft ran ten times slower there.

export type {
  Color,
  Failure,
  FenErrorCode,
  File,
  Move,
  OracleError,
  Piece,
  PromotionRole,
  Rank,
  Role,
  SquareName,
  Status,
  UciErrorCode,
  Variant,
} from "./types.ts";
export type { Position } from "./position.ts";
export {
  fenPosition,
  notPrintable,
  parseFen,
  START_FEN,
  toFen,
  VARIANT_START_FEN,
  type FenResult,
} from "./fen.ts";
export { moveToUci, parseUci, type UciResult } from "./uci.ts";
export { inCheck } from "./attacks.ts";
export {
  isFiftyMoveDraw,
  isInsufficientMaterial,
  isThreefold,
  legalMoves,
  makeMove,
  pieceAt,
  playUci,
  positionKey,
  sideToMove,
  status,
  unmakeMove,
} from "./game.ts";
export { divide, perft, type MoveGenerator } from "./perft.ts";
export { generateLegal } from "./movegen.ts";
export { generateLegalByPins } from "./movegen-pins.ts";
export { san } from "./san.ts";
export {
  findKeys,
  findMate,
  isMateIn,
  MATE_MAX_MOVES,
  type MateFound,
  type MateKey,
} from "./mate.ts";
export {
  helpSolutionLines,
  selfSolutionLines,
  solutionLines,
  type SolutionLine,
  type SolutionRole,
} from "./solution.ts";
export { exchange, EXCHANGE_VALUES, type ExchangeResult } from "./exchange.ts";
export {
  findHelpmate,
  findSelfmate,
  HELPMATE_COUNT_CAP,
  STIPULATION_MAX_MOVES,
  type HelpmateFound,
  type SelfmateFound,
} from "./stipulations.ts";
