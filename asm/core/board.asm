; board.asm -- the description table (CARREAU), the position state around it, and the
; board geometry tables the move finders walk (Liberman 1997 part 1, 1998 "Description
; Table").  The geometry tables are computed by the assembler, not at run time.

        section .data

; ---------------------------------------------------------------------------------------
; carreau -- the description table: one byte a square, index 0 = a8 ... 63 = h1
; (index bits 0-2 file, bits 3-5 row from the top), as Liberman's CARREAU.
; Initialised to the start position; a FEN replaces it.
;
;        a    b    c    d    e    f    g    h
;   8 |  0 |  1 |  2 |  3 |  4 |  5 |  6 |  7 |     square byte:
;   7 |  8 |  9 | 10 | 11 | 12 | 13 | 14 | 15 |       bit 7 6 5 4 3 2 1 0
;   6 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 |           p p p w e k k k
;   5 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 |       kkk piece: 0 rook 1 knight
;   4 | 32 | 33 | 34 | 35 | 36 | 37 | 38 | 39 |           2 bishop 3 queen 4 king 5 pawn
;   3 | 40 | 41 | 42 | 43 | 44 | 45 | 46 | 47 |       e   1 = empty (EMPTY = 00001000b)
;   2 | 48 | 49 | 50 | 51 | 52 | 53 | 54 | 55 |       w   1 = white, 0 = black
;   1 | 56 | 57 | 58 | 59 | 60 | 61 | 62 | 63 |       ppp promotion; always 0 here
;
; Because the spare bits are 0, black pieces < EMPTY < white pieces as signed bytes:
; Liberman's `cmp cl,EMPTY` then `jge` (black may enter) or `jle` (white may enter).
; board_guard follows as square OFF_BOARD, always EMPTY, so square lists can end there.
carreau:
        db ROOK_B, KNIGHT_B, BISHOP_B, QUEEN_B, KING_B, BISHOP_B, KNIGHT_B, ROOK_B
        times FILES db PAWN_B
        times 4 * FILES db EMPTY
        times FILES db PAWN_W
        db ROOK_W, KNIGHT_W, BISHOP_W, QUEEN_W, KING_W, BISHOP_W, KNIGHT_W, ROOK_W
board_guard:
        db EMPTY
%if board_guard - carreau != OFF_BOARD
%error "the guard byte must be square OFF_BOARD"
%endif

; The rest of the position: what the table cannot show.
side            db WHITE            ; colour to move: WHITE or BLACK (the colour bit)
castle          db CASTLE_ALL       ; CASTLE_* rights still held
ep_square       db NO_SQUARE        ; square a pawn just passed over, or NO_SQUARE
halfmove        dw 0                ; plies since the last capture or pawn move
fullmove        dd 1                ; move number, counted up after black's move
                                    ; (32 bits: a FEN may start it at 65535)
; king_squares -- where each king stands (Liberman kept the king in GS), indexed by
; colour >> COLOUR_SHIFT: [0] black, [1] white.
king_squares    db SQ_E8, SQ_E1
%define KING_SQ(colour) (king_squares + ((colour) >> COLOUR_SHIFT))
; colour_sets -- the squares each colour's pieces stand on, kings included (bit n =
; square n), indexed as king_squares: [0] black, [1] white.  fen_kings builds them,
; move_make and move_unmake keep them, so the generator finds the pieces without a walk
; of the board.
colour_sets     dq 000000000000FFFFh, 0FFFF000000000000h
%define COLOUR_SET(colour) (colour_sets + ((colour) >> COLOUR_SHIFT) * SET_BYTES)
; piece_sets -- the squares of each content's pieces, indexed by content (colour and
; piece: ROOK_B .. PAWN_W; the unused contents between are never set, EMPTY's may be
; written and is never read), built and kept with colour_sets; the attack tests and the
; walk out from the king look at a knight's squares or a line only where a piece that
; moves that way stands.
piece_sets      dq 81h, 42h, 24h, 08h, 10h, 0FF00h ; black R N B Q K P
                times (ROOK_W - PAWN_B - 1) dq 0
                dq 8100000000000000h, 4200000000000000h, 2400000000000000h ; white R N B
                dq 0800000000000000h, 1000000000000000h, 00FF000000000000h ; white Q K P
%if $ - piece_sets != PIECE_SETS * SET_BYTES
%error "one set a content, ROOK_B .. PAWN_W"
%endif
%define PIECE_SET(content) (piece_sets + (content) * SET_BYTES)

; ---------------------------------------------------------------------------------------
; RAY_LENGTHS name, on_board -- for each square and direction DIR_N..DIR_SW, how many
; squares a slider can go before the edge of the board on_board(file, row) describes:
; byte [name + square * DIRECTIONS + direction] (0 for a square off that board).
%macro RAY_LENGTHS 2
%1:
%assign sq 0
%rep BOARD_SQUARES
  %assign d 0
  %rep DIRECTIONS
    %assign n 0
    %assign ff (sq % FILES) + DIR_DFILE(d)
    %assign rr (sq / FILES) + DIR_DROW(d)
    %if %2((sq % FILES), (sq / FILES))
      %rep FILES - 1
        %if %2(ff, rr)
          %assign n n + 1
          %assign ff ff + DIR_DFILE(d)
          %assign rr rr + DIR_DROW(d)
        %endif
      %endrep
    %endif
        db n
    %assign d d + 1
  %endrep
  %assign sq sq + 1
%endrep
%endmacro

; ray_len -- the slider's steps to the edge of the 8x8 board from each square.
        RAY_LENGTHS ray_len, ON_CHESS_BOARD

; dir_delta -- the change of the square index for one step in each direction.
dir_delta:
%assign d 0
%rep DIRECTIONS
        db DIR_DELTA(d)
  %assign d d + 1
%endrep

; Steps of the knight and the king as (file, row) changes, used to build the lists.
%define KNIGHT_DF(i) (((i) == 0) + 2 * ((i) == 1) + 2 * ((i) == 2) + ((i) == 3) - ((i) == 4) - 2 * ((i) == 5) - 2 * ((i) == 6) - ((i) == 7))
%define KNIGHT_DR(i) (-2 * ((i) == 0) - ((i) == 1) + ((i) == 2) + 2 * ((i) == 3) + 2 * ((i) == 4) + ((i) == 5) - ((i) == 6) - 2 * ((i) == 7))

; JUMP_LIST name, count_name, DF, DR, steps, on_board -- for each square the squares
; reached by each (DF(i), DR(i)) step that stays on the board on_board(file, row)
; describes: count_name = one count byte a square, name = 1 << LIST_SHIFT bytes a
; square, the unused tail filled with OFF_BOARD (no squares from a square off it).
%macro JUMP_LIST 6
%1:
  %assign sq 0
  %rep BOARD_SQUARES
    %assign n 0
    %assign i 0
    %rep %5
      %assign ff (sq % FILES) + %3(i)
      %assign rr (sq / FILES) + %4(i)
      %if %6((sq % FILES), (sq / FILES)) && %6(ff, rr)
        db rr * ROW_STEP + ff
        %assign n n + 1
      %endif
      %assign i i + 1
    %endrep
    times (1 << LIST_SHIFT) - n db OFF_BOARD
    %assign jump_count_%[sq] n      ; kept for the count table that follows
    %assign sq sq + 1
  %endrep
%2:
  %assign sq 0
  %rep BOARD_SQUARES
        db jump_count_%[sq]
    %assign sq sq + 1
  %endrep
%endmacro

; knight_to / knight_n -- the knight's squares from each square: byte
; [knight_to + (square << LIST_SHIFT) + i] for i < [knight_n + square].
        JUMP_LIST knight_to, knight_n, KNIGHT_DF, KNIGHT_DR, KNIGHT_JUMPS, ON_CHESS_BOARD
; king_to / king_n -- the king's squares from each square, laid out the same way.
        JUMP_LIST king_to, king_n, DIR_DFILE, DIR_DROW, KING_STEPS, ON_CHESS_BOARD

; STEP_SETS DF, DR, steps, reach -- for each square the 64-bit set of the squares that
; each (DF(i), DR(i)) step reaches, `reach` times over (1: one step; FILES: a whole line)
%macro STEP_SETS 4
  %assign sq 0
  %rep BOARD_SQUARES
    %assign m 0
    %assign i 0
    %rep %3
      %assign ff (sq % FILES)
      %assign rr (sq / FILES)
      %rep %4
        %assign ff ff + %1(i)
        %assign rr rr + %2(i)
        %if ff >= 0 && ff < FILES && rr >= 0 && rr < FILES
          %assign m m | (1 << (rr * ROW_STEP + ff))
        %endif
      %endrep
      %assign i i + 1
    %endrep
        dq m
    %assign sq sq + 1
  %endrep
%endmacro

; king_zone -- the 64-bit set of squares next to each square: qword
; [king_zone + (square << LIST_SHIFT)], bit n = square n.  "Does the king on K touch S?" is one bt.
king_zone:
        STEP_SETS DIR_DFILE, DIR_DROW, KING_STEPS, 1
; knight_zone / bishop_lines -- the same for the knight's jumps and the bishop's lines
; (pieces between aside): the attack test looks for a knight, or walks the diagonals,
; only when the enemy has a piece there
knight_zone:
        STEP_SETS KNIGHT_DF, KNIGHT_DR, KNIGHT_JUMPS, 1
%define BISHOP_DF(i) DIR_DFILE((i) + BISHOP_DIR_FIRST)
%define BISHOP_DR(i) DIR_DROW((i) + BISHOP_DIR_FIRST)
bishop_lines:
        STEP_SETS BISHOP_DF, BISHOP_DR, LINE_DIRS, FILES
; queen_lines -- the same for all eight lines: the check test (movecheck.asm) walks from
; the king through a square only when the square is on one of them
queen_lines:
        STEP_SETS DIR_DFILE, DIR_DROW, KING_STEPS, FILES

; pawn_from_w / pawn_from_b -- the two squares from which a white (black) pawn would
; attack each square: bytes [pawn_from_w + square * 2 + 0..1], OFF_BOARD where no pawn
; could stand.  A white pawn takes towards row 0 (p - 9, p - 7), a black one towards
; row 7 (p + 7, p + 9).
%macro PAWN_FROM 2                  ; %1 = name, %2 = row change from target to pawn
%1:
  %assign sq 0
  %rep BOARD_SQUARES
    %assign rr (sq / FILES) + %2
    %assign df -1
    %rep PAWN_TAKES
      %assign ff (sq % FILES) + df
      %if ff >= 0 && ff < FILES && rr >= 0 && rr < FILES
        db rr * ROW_STEP + ff
      %else
        db OFF_BOARD
      %endif
      %assign df df + 2
    %endrep
    %assign sq sq + 1
  %endrep
%endmacro
        PAWN_FROM pawn_from_w, 1
        PAWN_FROM pawn_from_b, -1
%define PAWN_FROM_TABLE(colour) (pawn_from_b + ((colour) >> COLOUR_SHIFT) * (pawn_from_w - pawn_from_b))

; castle_keep -- the castling rights that survive a move from or to each square:
; `and [castle], [castle_keep + square]` for both squares of every move.  A right is
; lost with its rook's square or its king's: CASTLE_LOST is the right where sq is one.
%define CASTLE_LOST(right, rook, king) (((sq == (rook)) || (sq == (king))) * (right))
castle_keep:
%assign sq 0
%rep BOARD_SQUARES
        db CASTLE_ALL & ~(CASTLE_LOST(CASTLE_WK, SQ_H1, SQ_E1) | CASTLE_LOST(CASTLE_WQ, SQ_A1, SQ_E1) | \
                          CASTLE_LOST(CASTLE_BK, SQ_H8, SQ_E8) | CASTLE_LOST(CASTLE_BQ, SQ_A8, SQ_E8))
  %assign sq sq + 1
%endrep

        section .text
