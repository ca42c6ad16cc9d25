; pesto.asm -- the evaluation's piece values and piece-square tables: Ronald Friederich's
; PeSTO ("PeSTO's Evaluation Function", chessprogramming.org; Texel-tuned for his engine
; PeSTO), a middle-game and an end-game value for every piece on every square, blended
; by the game phase the evaluation keeps (eval_phase, PHASE_FULL).  Each entry is one
; dword, PSQ_PACK(middle, end) (eval.inc): the end-game value times 10000h plus the
; middle-game one, so that eval_psq keeps both sums in one dword move by move (adding,
; subtracting and negating packed values adds, subtracts and negates both halves, while
; each sum stays within a signed word) and eval_position takes them apart before the
; blend.  PeSTO's tables are not left-right symmetric: a black piece reads its square
; with the ranks flipped (eval_table_square: square ^ FLIP_RANKS), as PeSTO's own code
; does, never mirrored a <-> h, and the 6x6 board reads them stretched (la_table_square).

PESTO_PAWN_MG   equ 82              ; PeSTO's piece values, middle game and end game
PESTO_PAWN_EG   equ 94
PESTO_KNIGHT_MG equ 337
PESTO_KNIGHT_EG equ 281
PESTO_BISHOP_MG equ 365
PESTO_BISHOP_EG equ 297
PESTO_ROOK_MG   equ 477
PESTO_ROOK_EG   equ 512
PESTO_QUEEN_MG  equ 1025
PESTO_QUEEN_EG  equ 936

%macro PESTO_RANK 4                 ; the piece's values, then {PeSTO's a .. h of one rank}
        PESTO_ENTRIES %1, %2, %3, %4    ; for the middle game and for the end game
%endmacro
%macro PESTO_ENTRIES 18
        dd PSQ_PACK(%1 + %3, %2 + %11), PSQ_PACK(%1 + %4, %2 + %12)
        dd PSQ_PACK(%1 + %5, %2 + %13), PSQ_PACK(%1 + %6, %2 + %14)
        dd PSQ_PACK(%1 + %7, %2 + %15), PSQ_PACK(%1 + %8, %2 + %16)
        dd PSQ_PACK(%1 + %9, %2 + %17), PSQ_PACK(%1 + %10, %2 + %18)
%endmacro

        section .data

; pst -- PeSTO's value of each piece on each square, value and square bonus together,
; PSQ_PACK(middle game, end game), a dword: dword [pst + 4 * ((piece << ROW_BITS_SQUARES) |
; square)] for a white piece; a black one reads the square ^ FLIP_RANKS.  Rows in
; piece-code order ROOK .. PAWN, each drawn as the board, rank 8 first, as PeSTO prints
; them; the king's value is 0 (eval_position adds its squares, not eval_psq).
pst:
pesto_rook:
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, {  32,   42,   32,   51,   63,    9,   31,   43}, {  13,   10,   18,   15,   12,   12,    8,    5}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, {  27,   32,   58,   62,   80,   67,   26,   44}, {  11,   13,   13,   11,   -3,    3,    8,    3}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, {  -5,   19,   26,   36,   17,   45,   61,   16}, {   7,    7,    7,    5,    4,   -3,   -5,   -3}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, { -24,  -11,    7,   26,   24,   35,   -8,  -20}, {   4,    3,   13,    1,    2,    1,   -1,    2}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, { -36,  -26,  -12,   -1,    9,   -7,    6,  -23}, {   3,    5,    8,    4,   -5,   -6,   -8,  -11}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, { -45,  -25,  -16,  -17,    3,    0,   -5,  -33}, {  -4,    0,   -5,   -1,   -7,  -12,   -8,  -16}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, { -44,  -16,  -20,   -9,   -1,   11,   -6,  -71}, {  -6,   -6,    0,    2,   -9,   -9,  -11,   -3}
        PESTO_RANK PESTO_ROOK_MG, PESTO_ROOK_EG, { -19,  -13,    1,   17,   16,    7,  -37,  -26}, {  -9,    2,    3,   -1,   -5,  -13,    4,  -20}
pesto_knight:
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, {-167,  -89,  -34,  -49,   61,  -97,  -15, -107}, { -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, { -73,  -41,   72,   36,   23,   62,    7,  -17}, { -25,   -8,  -25,   -2,   -9,  -25,  -24,  -52}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, { -47,   60,   37,   65,   84,  129,   73,   44}, { -24,  -20,   10,    9,   -1,   -9,  -19,  -41}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, {  -9,   17,   19,   53,   37,   69,   18,   22}, { -17,    3,   22,   22,   22,   11,    8,  -18}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, { -13,    4,   16,   13,   28,   19,   21,   -8}, { -18,   -6,   16,   25,   16,   17,    4,  -18}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, { -23,   -9,   12,   10,   19,   17,   25,  -16}, { -23,   -3,   -1,   15,   10,   -3,  -20,  -22}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, { -29,  -53,  -12,   -3,   -1,   18,  -14,  -19}, { -42,  -20,  -10,   -5,   -2,  -20,  -23,  -44}
        PESTO_RANK PESTO_KNIGHT_MG, PESTO_KNIGHT_EG, {-105,  -21,  -58,  -33,  -17,  -28,  -19,  -23}, { -29,  -51,  -23,  -15,  -22,  -18,  -50,  -64}
pesto_bishop:
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, { -29,    4,  -82,  -37,  -25,  -42,    7,   -8}, { -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, { -26,   16,  -18,  -13,   30,   59,   18,  -47}, {  -8,   -4,    7,  -12,   -3,  -13,   -4,  -14}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, { -16,   37,   43,   40,   35,   50,   37,   -2}, {   2,   -8,    0,   -1,   -2,    6,    0,    4}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, {  -4,    5,   19,   50,   37,   37,    7,   -2}, {  -3,    9,   12,    9,   14,   10,    3,    2}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, {  -6,   13,   13,   26,   34,   12,   10,    4}, {  -6,    3,   13,   19,    7,   10,   -3,   -9}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, {   0,   15,   15,   15,   14,   27,   18,   10}, { -12,   -3,    8,   10,   13,    3,   -7,  -15}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, {   4,   15,   16,    0,    7,   21,   33,    1}, { -14,  -18,   -7,   -1,    4,   -9,  -15,  -27}
        PESTO_RANK PESTO_BISHOP_MG, PESTO_BISHOP_EG, { -33,   -3,  -14,  -21,  -13,  -12,  -39,  -21}, { -23,   -9,  -23,   -5,   -9,  -16,   -5,  -17}
pesto_queen:
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -28,    0,   29,   12,   59,   44,   43,   45}, {  -9,   22,   22,   27,   27,   19,   10,   20}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -24,  -39,   -5,    1,  -16,   57,   28,   54}, { -17,   20,   32,   41,   58,   25,   30,    0}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -13,  -17,    7,    8,   29,   56,   47,   57}, { -20,    6,    9,   49,   47,   35,   19,    9}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -27,  -27,  -16,  -16,   -1,   17,   -2,    1}, {   3,   22,   24,   45,   57,   40,   57,   36}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, {  -9,  -26,   -9,  -10,   -2,   -4,    3,   -3}, { -18,   28,   19,   47,   31,   34,   39,   23}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -14,    2,  -11,   -2,   -5,    2,   14,    5}, { -16,  -27,   15,    6,    9,   17,   10,    5}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, { -35,   -8,   11,    2,    8,   15,   -3,    1}, { -22,  -23,  -30,  -16,  -16,  -23,  -36,  -32}
        PESTO_RANK PESTO_QUEEN_MG, PESTO_QUEEN_EG, {  -1,  -18,   -9,   10,  -15,  -25,  -31,  -50}, { -33,  -28,  -22,  -43,   -5,  -32,  -20,  -41}
pesto_king:
        PESTO_RANK 0, 0, { -65,   23,   16,  -15,  -56,  -34,    2,   13}, { -74,  -35,  -18,  -18,  -11,   15,    4,  -17}
        PESTO_RANK 0, 0, {  29,   -1,  -20,   -7,   -8,   -4,  -38,  -29}, { -12,   17,   14,   17,   17,   38,   23,   11}
        PESTO_RANK 0, 0, {  -9,   24,    2,  -16,  -20,    6,   22,  -22}, {  10,   17,   23,   15,   20,   45,   44,   13}
        PESTO_RANK 0, 0, { -17,  -20,  -12,  -27,  -30,  -25,  -14,  -36}, {  -8,   22,   24,   27,   26,   33,   26,    3}
        PESTO_RANK 0, 0, { -49,   -1,  -27,  -39,  -46,  -44,  -33,  -51}, { -18,   -4,   21,   24,   27,   23,    9,  -11}
        PESTO_RANK 0, 0, { -14,  -14,  -22,  -46,  -44,  -30,  -15,  -27}, { -19,   -3,   11,   21,   23,   16,    7,   -9}
        PESTO_RANK 0, 0, {   1,    7,   -8,  -64,  -43,  -16,    9,    8}, { -27,  -11,    4,   13,   14,    4,   -5,  -17}
        PESTO_RANK 0, 0, { -15,   36,   12,  -54,    8,  -28,   24,   14}, { -53,  -34,  -21,  -11,  -28,  -14,  -24,  -43}
pesto_pawn:
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, {   0,    0,    0,    0,    0,    0,    0,    0}, {   0,    0,    0,    0,    0,    0,    0,    0}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, {  98,  134,   61,   95,   68,  126,   34,  -11}, { 178,  173,  158,  134,  147,  132,  165,  187}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, {  -6,    7,   26,   31,   65,   56,   25,  -20}, {  94,  100,   85,   67,   56,   53,   82,   84}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, { -14,   13,    6,   21,   23,   12,   17,  -23}, {  32,   24,   13,    5,   -2,    4,   17,   17}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, { -27,   -2,   -5,   12,   17,    6,   10,  -25}, {  13,    9,   -3,   -7,   -7,   -8,    3,   -1}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, { -26,   -4,   -4,  -10,    3,    3,   33,  -12}, {   4,    7,   -6,    1,    0,   -5,   -1,   -8}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, { -35,   -1,  -20,  -23,  -15,   24,   38,  -22}, {  13,    8,    8,   10,   13,    0,    2,   -7}
        PESTO_RANK PESTO_PAWN_MG, PESTO_PAWN_EG, {   0,    0,    0,    0,    0,    0,    0,    0}, {   0,    0,    0,    0,    0,    0,    0,    0}
%if pesto_rook - pst != 4 * ROOK * BOARD_SQUARES || pesto_knight - pst != 4 * KNIGHT * BOARD_SQUARES
  %error "the piece-square tables must follow the piece codes"
%elif pesto_bishop - pst != 4 * BISHOP * BOARD_SQUARES || pesto_queen - pst != 4 * QUEEN * BOARD_SQUARES
  %error "the piece-square tables must follow the piece codes"
%elif pesto_king - pst != 4 * KING * BOARD_SQUARES || pesto_pawn - pst != 4 * PAWN * BOARD_SQUARES
  %error "the piece-square tables must follow the piece codes"
%elif $ - pst != 4 * PIECE_KINDS * BOARD_SQUARES
  %error "the piece-square tables must follow the piece codes"
%endif
