; board6.asm -- the 6x6 board of Los Alamos chess (MANIAC I, 1956; the VB6 seed's
; per-square, per-direction move tables), in Liberman's description table as it is.
;
; The small board is the corner a1..f6 of CARREAU: a square keeps its index and its
; name, so the move records, the Zobrist keys, the UCI printer and the FEN's square
; names need nothing new.  The 28 squares around it (xx) are a border that always
; holds EMPTY; no move table leads there, so no piece ever stands on it:
;
;        a    b    c    d    e    f    g    h
;   8 | xx | xx | xx | xx | xx | xx | xx | xx |     row 0 (off the small board)
;   7 | xx | xx | xx | xx | xx | xx | xx | xx |     row 1
;   6 | 16 | 17 | 18 | 19 | 20 | 21 | xx | xx |     row 2 = LA_FIRST_ROW: white queens
;   5 | 24 | 25 | 26 | 27 | 28 | 29 | xx | xx |     row 3: a white pawn here promotes
;   4 | 32 | 33 | 34 | 35 | 36 | 37 | xx | xx |
;   3 | 40 | 41 | 42 | 43 | 44 | 45 | xx | xx |
;   2 | 48 | 49 | 50 | 51 | 52 | 53 | xx | xx |     row 6: a black pawn here promotes
;   1 | 56 | 57 | 58 | 59 | 60 | 61 | xx | xx |     row 7 = LAST_ROW: black queens
;
; The move finders read the geometry from ray_len, knight_to / knight_n and king_to /
; king_n (board.asm) and never test an edge.  board_set_variant swaps those tables with
; the spare ones below, so they always describe the board in play; the attack tables
; (king_zone, pawn_from_*) serve both boards, since a square of the border is EMPTY.
; New (Liberman's texts play chess only); his description table is used as it is.

        section .data

variant         db VARIANT_CHESS    ; the board in play: VARIANT_CHESS or VARIANT_LOS_ALAMOS

; GEOMETRY start_row_w, promo_row_w, queening_row_w, files, first_square -- a
; board_geometry entry: white's pawn rows and the board's size for the FEN
%macro GEOMETRY 5
        istruc board_geometry
          at board_geometry.start_row_w, db %1
          at board_geometry.promo_row_w, db %2
          at board_geometry.queening_row_w, db %3
          at board_geometry.files, db %4
          at board_geometry.first_square, db %5
        iend
%endmacro
%define CHESS_GEOMETRY START_ROW_W, PROMO_ROW_W, FIRST_ROW, FILES, SQUARE(FILE_A, 8)

; geometry -- what else changes with the board in play; board_set_variant copies its
; entry of variant_geometry (one a variant) here.
geometry:
        GEOMETRY CHESS_GEOMETRY
variant_geometry:
        GEOMETRY CHESS_GEOMETRY     ; VARIANT_CHESS
        GEOMETRY NO_ROW, LA_PROMO_ROW_W, LA_FIRST_ROW, LA_FILES, SQUARE(FILE_A, LA_RANKS) ; VARIANT_LOS_ALAMOS: no double step

; ---------------------------------------------------------------------------------------
; spare_ray_len, spare_knight_to / spare_knight_n, spare_king_to / spare_king_n -- the
; geometry tables of the board not in play, laid out as their namesakes in board.asm
; (see RAY_LENGTHS and JUMP_LIST there).  At start-up they describe the 6x6 board: from
; a square off it there is no step, and no step leads off it.
        RAY_LENGTHS spare_ray_len, ON_LOS_ALAMOS_BOARD
        JUMP_LIST spare_knight_to, spare_knight_n, KNIGHT_DF, KNIGHT_DR, KNIGHT_JUMPS, ON_LOS_ALAMOS_BOARD
        JUMP_LIST spare_king_to, spare_king_n, DIR_DFILE, DIR_DROW, KING_STEPS, ON_LOS_ALAMOS_BOARD
spare_jumps_end:
%if spare_knight_n - spare_knight_to != knight_n - knight_to || spare_king_to - spare_knight_to != king_to - knight_to || spare_king_n - spare_knight_to != king_n - knight_to || spare_jumps_end - spare_knight_to != king_zone - knight_to
  %error "the spare jump tables must be laid out as knight_to .. king_n"
%endif

        section .text

; board_set_variant -- put a variant's board in play: its move tables where the move
;                      finders read them, its pawn rows and size in `geometry`
; IN:  AL = VARIANT_CHESS or VARIANT_LOS_ALAMOS
; OUT: [variant] = AL; ray_len, knight_to .. king_n describe its board (the other board's
;      tables in spare_*); geometry = its variant_geometry entry
; CHG: nothing
board_set_variant:
        cmp al, [variant]
        je .done
        pusha
        mov [variant], al
        movzx si, al
        imul si, si, board_geometry_size
        add si, variant_geometry
        mov di, geometry
        mov cx, board_geometry_size
.copy:  mov al, [si]
        mov [di], al
        inc si
        inc di
        loop .copy
        mov si, ray_len
        mov di, spare_ray_len
        mov cx, BOARD_SQUARES * DIRECTIONS
        call board_swap_bytes
        mov si, knight_to
        mov di, spare_knight_to
        mov cx, king_zone - knight_to
        call board_swap_bytes
        popa
.done:  ret

; board_in_play -- is a square on the board in play?
; IN:  BL = a square (0..63); [variant]
; OUT: CF set if it is off the board (the border of the 6x6 board)
; CHG: nothing
board_in_play:
        cmp byte [variant], VARIANT_LOS_ALAMOS
        jne .on
        push ax
        mov al, bl
        and al, FILE_MASK
        cmp al, LA_FILES
        jae .off
        mov al, bl
        shr al, ROW_SHIFT
        cmp al, LA_FIRST_ROW
        jb .off
        pop ax
.on:    clc
        ret
.off:   pop ax
        stc
        ret

; board_swap_bytes -- exchange two blocks of bytes of the program segment (ES is the
;                     move stack, so no string instruction)
; IN:  SI, DI -> the blocks; CX = their length (at least 1)
; OUT: SI, DI past the blocks
; CHG: AL, CX
board_swap_bytes:
        mov al, [si]
        xchg al, [di]
        mov [si], al
        inc si
        inc di
        loop board_swap_bytes
        ret
