// types -- the oracle's public vocabulary: literal unions and error values.
// Numbers (0x88 squares, piece codes) stay inside the oracle; callers see these.

export type Color = "w" | "b";
/** Orthodox chess on 8x8, or Los Alamos chess on 6x6 (Fairy-Stockfish's `losalamos`). */
export type Variant = "chess" | "losalamos";
export type Role = "p" | "n" | "b" | "r" | "q" | "k";
export type PromotionRole = "n" | "b" | "r" | "q";

export type File = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h";
export type Rank = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8";
export type SquareName = `${File}${Rank}`;

export interface Piece {
  readonly color: Color;
  readonly role: Role;
}

/** A move as a caller names it; castling is the king's two-square move (e1g1). */
export interface Move {
  readonly from: SquareName;
  readonly to: SquareName;
  readonly promotion?: PromotionRole;
}

/** FEN error codes, shared with the assembly (asm/batch/PROTOCOL.md). */
export type FenErrorCode =
  | "byte"
  | "fields"
  | "ranks"
  | "piece"
  | "kings"
  | "pawn-rank"
  | "side"
  | "check"
  | "castling"
  | "ep"
  | "clock";

/** Errors of parseUci: not UCI syntax at all, or not a legal move here. */
export type UciErrorCode = "uci" | "illegal";

export interface OracleError<C extends string> {
  readonly code: C;
  readonly message: string;
}

export interface Failure<C extends string> {
  readonly ok: false;
  readonly error: OracleError<C>;
}

export type Status =
  "playing" | "checkmate" | "stalemate" | "insufficient-material" | "threefold" | "fifty-move";
