; movecount.asm -- count the legal moves without storing them: the last ply of perft
; (bulk counting).  Liberman's finders (TENTOUR, FOUN, CHEVALN, PIONN) cut down to a
; count, for the pieces the rules of check leave free: when the king is not in check,
; a piece that shelters it from no slider may go wherever its finder would take it, so
; its moves are counted square by square off the board, no move record built.
; Everything else goes through the storing finders of movegen.asm into the free space
; of the chain, and is counted there: every move in check, the pinned pieces (along
; their line), a pawn about to promote, en passant and the king.
;
; count_white and count_black, the king's and the pawn's counters are assembled once per
; colour (COUNT_SIDE); the others read the squares the side may land on from count_open
; and serve both.

; COUNT_RAY d -- add to BP the steps of slider DL along direction d: the empty squares
; up to the first piece, and that piece if it is the enemy's (TENTOUR's walk, counted).
; SI = its square * DIRECTIONS.  BP gets the whole ray first; at the piece that ends the
; walk, the CX steps it did not take come off again.
%macro COUNT_RAY 1
        movzx cx, byte [ray_len + si + %1]
        jcxz %%done
        add bp, cx
        mov bl, dl
%%step: add bl, DIR_DELTA(%1)
        cmp byte [carreau + bx], EMPTY
        jne %%hit
        loop %%step
        jmp %%done
%%hit:  bt word [count_open], bx     ; CF: the enemy's
        sbb cx, 0                   ; whose square is a move
        sub bp, cx
%%done:
%endmacro

; SLIDER_SHUT_IN none -- SI = square DL * DIRECTIONS; to `none` when its own side holds
; every square next to it: a slider there has no move (early in a game, most of them)
%macro SLIDER_SHUT_IN 1
        movzx si, dl
        shl si, LIST_SHIFT
        mov eax, [count_open]
        and eax, [king_zone + si]
        jnz %%open
        mov eax, [count_open + 4]
        and eax, [king_zone + si + 4]
        jz %1
%%open:
%endmacro

; COUNT_HALF half -- count the moves of each piece in one dword of gen_pieces (as
; PIECES_HALF in movegen.asm, without the pins and the checks: none apply here)
%macro COUNT_HALF 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        mov dl, bl                  ; DL = square, DH = content
        movzx bx, byte [carreau + bx]
        mov dh, bl
        add bx, bx                  ; 2 bytes a counter
        call [count_finders + bx]
        jmp %%piece
%%done:
%endmacro

; COUNT_KING_HALF half -- add to BP each square in one dword of gen_pieces the enemy does
; not attack
%macro COUNT_KING_HALF 1
%%step: SET_TAKE_LOWEST gen_pieces, %1, %%done
        call ATTACKED
        cmc
        adc bp, 0
        jmp %%step
%%done:
%endmacro

        section .bss

count_open      resq 1              ; the squares the side to move does not hold (empty or
                                    ; the enemy's), for the counters that serve both colours

        section .text

; count_moves -- how many legal moves has the side to move? (Liberman: FEUNEGRO /
;                FEUBLANCO, counting)
; IN:  [side], the position; DI -> free space in the move chain (ES)
; OUT: ECX = the legal moves; CF set if the chain was full (the count is short);
;      DI past the moves stored on the way
; CHG: EAX, EBX, EDX, SI, EBP
count_moves:
        cmp byte [side], WHITE
        je count_white
        jmp count_black

; count_free -- add the moves of the side's pieces that no pin holds, the king aside,
;               counted by their counters; then the whole count
; IN:  not in check; count_open; pinned_set; [king_here]; BP = the moves counted so far;
;      the moves stored since [chain_start] at ES:DI
; OUT: ECX = the stored and the counted moves; CF clear
; CHG: EAX, EBX, DX, SI, EBP
count_free:
        mov eax, [pinned_set]
        or eax, [count_open]
        not eax
        mov [gen_pieces], eax
        mov eax, [pinned_set + 4]
        or eax, [count_open + 4]
        not eax
        mov [gen_pieces + 4], eax
        movzx bx, byte [king_here]
        btr word [gen_pieces], bx
        COUNT_HALF 0
        COUNT_HALF 1
        call gen_finish
        add cx, bp
        clc
        ret

; count_rook -- the free rook's moves, counted (Liberman: TENTOUR); .rays: with SI set
; IN:  DL = the rook's (or queen's) square; count_open; BP = the count so far
; OUT: BP + its moves
; CHG: EAX, BX, CX, SI
count_rook:
        SLIDER_SHUT_IN .none
.rays:
  %assign d ROOK_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
.none:  ret

; count_bishop -- the free bishop's moves, counted (Liberman: FOUN); .rays: with SI set
; IN, OUT, CHG: as count_rook
count_bishop:
        SLIDER_SHUT_IN .none
.rays:
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
.none:  ret

; count_queen -- the free queen's moves: a rook's and a bishop's
; IN, OUT, CHG: as count_rook
count_queen:
        SLIDER_SHUT_IN .none
        call count_rook.rays
        jmp count_bishop.rays
.none:  ret

; count_knight -- the free knight's moves, counted (Liberman: CHEVALN): its squares less
;                 those its own side holds
; IN, OUT: as count_rook
; CHG: AL, BX, CX, SI
count_knight:
        JUMPS_FROM knight, dl
.jump:  lodsb
        mov bl, al
        bt word [count_open], bx
        adc bp, 0
        loop .jump
        ret

; ---------------------------------------------------------------------------------------
; COUNT_SIDE colour, name -- count_<name> and the king's and pawn's counters of one colour
%macro COUNT_SIDE 2
        SIDE_NAMES %1, %2

; count_<colour> -- count_moves for one colour
; IN, OUT, CHG: as count_moves
count_%2:
        mov [chain_start], di
        call gen_%2_checks
        cmp byte [checkers], 0
        jne gen_%2                  ; in check: every evasion stored, as gen_moves does
        mov eax, [pinned_set]       ; the pinned pieces first, stored along their line
        mov [gen_pieces], eax
        mov eax, [pinned_set + 4]
        mov [gen_pieces + 4], eax
        call gen_%2_pieces.listed   ; and en passant
        jc .full
        cmp di, CHAIN_GUARD
        ja .full
        mov eax, [COLOUR_SET(OWN)]
        not eax
        mov [count_open], eax
        mov eax, [COLOUR_SET(OWN) + 4]
        not eax
        mov [count_open + 4], eax
        xor bp, bp
        cmp byte [variant], VARIANT_CHESS
        jne .king_stored
        call count_%2_king
        jmp count_free
.king_stored:
        call gen_%2_king            ; king_zone does not know the 6x6 board's edge
        jmp count_free
.full:  stc
        jmp gen_finish

; count_<colour>_king -- the king's steps counted (Liberman: TENROI), its castlings stored:
;                       each square next to it that its side does not hold (king_zone)
;                       put to the attack test.  Out of check the king shields no square
;                       next to it from a slider, so it stays on the board meanwhile.
; IN:  [king_here]; not in check; [variant] chess; count_open; BP = the count so far;
;      ES:DI -> free space
; OUT: BP + its steps; DI past its castlings
; CHG: EAX, BX, CX, DX, SI
count_%2_king:
        movzx si, byte [king_here]
        shl si, LIST_SHIFT
        mov eax, [count_open]
        and eax, [king_zone + si]
        mov [gen_pieces], eax
        mov eax, [count_open + 4]
        and eax, [king_zone + si + 4]
        mov [gen_pieces + 4], eax
        COUNT_KING_HALF 0
        COUNT_KING_HALF 1
        jmp gen_%2_king.castle

; count_<colour>_pawn -- the free pawn's steps, double step and takes, counted (Liberman:
;                       PIONN); a pawn about to promote is stored by gen_<colour>_pawn
; IN:  DX = the pawn; BP = the count so far; ES:DI -> free space
; OUT: BP + its moves counted; DI past the promotions stored
; CHG: EAX, BX, CX, SI
count_%2_pawn:
        mov al, dl
        shr al, ROW_SHIFT
        cmp al, PROMO_ROW
        je .promoting
        mov bl, dl
        add bl, FORWARD
        cmp byte [carreau + bx], EMPTY
        jne .takes
        inc bp
        cmp al, START_ROW
        jne .takes
        add bl, FORWARD
        cmp byte [carreau + bx], EMPTY
        jne .takes
        inc bp
.takes: movzx si, dl                ; the squares it takes on are those from which an
        add si, si                  ; enemy pawn would take on its square
        mov bl, [PAWN_FROM_TABLE(ENEMY) + si]
        cmp byte [carreau + bx], EMPTY
        JNOT_ENEMY .right
        inc bp
.right: mov bl, [PAWN_FROM_TABLE(ENEMY) + si + 1]
        cmp byte [carreau + bx], EMPTY
        JNOT_ENEMY .done
        inc bp
.done:  ret
.promoting:
        push bp
        mov bp, target_mask
        call gen_%2_pawn
        pop bp
        ret
%endmacro

        COUNT_SIDE WHITE, white
        COUNT_SIDE BLACK, black

        section .data
; count_finders -- the counter of each content of a square, indexed by it: a black piece
; code (ROOK .. PAWN), then a white one; the king, never among the pieces, has none
count_finders:
        dw count_rook, count_knight, count_bishop, count_queen, gen_no_moves, count_black_pawn
        times WHITE - PIECE_KINDS dw gen_no_moves
        dw count_rook, count_knight, count_bishop, count_queen, gen_no_moves, count_white_pawn
%if ($ - count_finders) != 2 * (WHITE + PIECE_KINDS)
  %error "one counter a content"
%endif
        section .text
