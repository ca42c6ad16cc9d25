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
; the spare ones at the top of the game segment (core.inc), which board_spare_make fills
; at the start, so they always describe the board in play; the attack tables
; (king_zone, pawn_from_*) serve both boards, since a square of the border is EMPTY.
; New (Liberman's texts play chess only); his description table is used as it is.

        section .data

variant         db VARIANT_CHESS    ; the board in play: VARIANT_CHESS or VARIANT_LOS_ALAMOS

; GEOMETRY start_row_w, promo_row_w, queening_row_w, files, first_square,
; eval_any_bits -- a board_geometry entry: white's pawn rows and the board's size for the
; FEN, the moves eval_move takes the long way
%macro GEOMETRY 6
        istruc board_geometry
          at board_geometry.start_row_w, db %1
          at board_geometry.promo_row_w, db %2
          at board_geometry.queening_row_w, db %3
          at board_geometry.files, db %4
          at board_geometry.first_square, db %5
          at board_geometry.eval_any_bits, dd %6
        iend
%endmacro
; On the chess board a promotion, castling and en passant (the kinds with KIND_CASTLE's
; bit); on the 6x6 board every move (a move's from and to squares differ: its record is
; never 0), whose tables are read through la_table_square
%define CHESS_GEOMETRY START_ROW_W, PROMO_ROW_W, FIRST_ROW, FILES, SQUARE(FILE_A, 8), (PROMO_FLAG << 8) | KIND_CASTLE

; geometry -- what else changes with the board in play; board_set_variant copies its
; entry of variant_geometry (one a variant) here.
geometry:
        GEOMETRY CHESS_GEOMETRY
variant_geometry:
        GEOMETRY CHESS_GEOMETRY     ; VARIANT_CHESS
        GEOMETRY NO_ROW, LA_PROMO_ROW_W, LA_FIRST_ROW, LA_FILES, SQUARE(FILE_A, LA_RANKS), 0FFFFFFFFh ; VARIANT_LOS_ALAMOS: no double step

%if knight_n - knight_to != BOARD_SQUARES << LIST_SHIFT || king_to - knight_to != JUMP_LIST_BYTES || king_zone - knight_to != 2 * JUMP_LIST_BYTES
  %error "the spare tables are laid out as knight_to .. king_n"
%endif

        section .text

; board_set_variant -- put a variant's board in play: its move tables where the move
;                      finders read them, its pawn rows and size in `geometry`
; IN:  AL = VARIANT_CHESS or VARIANT_LOS_ALAMOS
; OUT: [variant] = AL; ray_len, knight_to .. king_n describe its board (the other board's
;      tables at GAME_SEGMENT:SPARE_RAY_LEN); geometry = its variant_geometry entry
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
        push es
        mov ax, cs
        add ax, GAME_SEGMENT
        mov es, ax
        mov si, ray_len
        mov di, SPARE_RAY_LEN
        mov cx, RAY_LEN_BYTES
        call board_swap_bytes
        mov si, knight_to
        mov di, SPARE_JUMPS
        mov cx, 2 * JUMP_LIST_BYTES
        call board_swap_bytes
        pop es
        popa
.done:  ret

; board_in_play -- is a square on the board in play?
; IN:  BL = a square (0..63); [variant]
; OUT: CF set if it is off the board (the border of the 6x6 board)
; CHG: nothing
board_in_play:
        cmp byte [variant], VARIANT_LOS_ALAMOS
        clc
        jne .done
        push ax
        mov al, bl
        call board_off_small
        pop ax
.done:  ret

; board_off_small -- is a square off the 6x6 board?
; IN:  AL = a square (0..63)
; OUT: CF set if it is off (files g and h, rows above LA_FIRST_ROW)
; CHG: nothing
board_off_small:
        push ax
        and al, FILE_MASK
        cmp al, LA_FILES
        pop ax
        cmc
        jc .done
        cmp al, LA_FIRST_ROW << ROW_SHIFT ; (CF set below the first row's square a)
.done:  ret

; board_spare_make -- the 6x6 board's move tables at the start, made from the chess
;                     board's: the steps and jumps that stay on the small board, in the
;                     same order (the RAY_LENGTHS and JUMP_LIST of board.asm on
;                     ON_LOS_ALAMOS_BOARD)
; IN:  ray_len, dir_delta, knight_to .. king_n of the chess board
; OUT: GAME_SEGMENT:SPARE_RAY_LEN .. the 6x6 board's ray_len, knight_to .. king_n
; CHG: nothing
board_spare_make:
        pusha
        push es
        mov ax, cs
        add ax, GAME_SEGMENT
        mov es, ax
        xor bx, bx                  ; BX = the square
        mov di, SPARE_RAY_LEN       ; DI -> its lengths, then the next square's
.square:
        xor dx, dx                  ; DX = the direction
.ray:   xor cx, cx                  ; CL = the steps on the small board
        mov al, bl
        call board_off_small
        jc .length
        mov ah, [ray_len + di - SPARE_RAY_LEN] ; the steps on the chess board
        mov si, dx
.step:  test ah, ah
        jz .length
        add al, [dir_delta + si]
        call board_off_small
        jc .length
        inc cx
        dec ah
        jmp .step
.length:
        mov [es:di], cl
        inc di
        inc dx
        cmp dx, DIRECTIONS
        jb .ray
        xor bp, bp                  ; BP = the list's offset from knight_to: knight, king
.list:  mov si, bx
        shl si, LIST_SHIFT
        add si, bp                  ; SI = the square's list in either table
        push di
        lea di, [SPARE_JUMPS + si]
        mov cx, 1 << LIST_SHIFT
        mov al, OFF_BOARD
        push di
        rep stosb                   ; the list empty
        pop di
        mov al, bl
        push bx
        add bx, bp                  ; BX = the square's count in either table, less the lists
        call board_off_small
        jc .count                   ; (CL = 0)
        mov cl, [knight_to + (BOARD_SQUARES << LIST_SHIFT) + bx] ; its chess count
.jump:  mov al, [knight_to + si]
        inc si
        call board_off_small
        jc .next
        stosb
        inc ch                      ; CH = the jumps on the small board
.next:  dec cl
        jnz .jump
        mov cl, ch
.count: mov [es:SPARE_JUMPS + (BOARD_SQUARES << LIST_SHIFT) + bx], cl
        pop bx
        pop di
        add bp, JUMP_LIST_BYTES
        cmp bp, 2 * JUMP_LIST_BYTES
        jb .list
        inc bx
        cmp bx, BOARD_SQUARES
        jb .square
        pop es
        popa
        ret

; board_swap_bytes -- exchange a block of the program segment with one of ES's
; IN:  SI -> the block in the program segment, ES:DI -> the other; CX = their length
;      (at least 1)
; OUT: SI, DI past the blocks
; CHG: AL, CX
board_swap_bytes:
        mov al, [si]
        xchg al, [es:di]
        mov [si], al
        inc si
        inc di
        loop board_swap_bytes
        ret
