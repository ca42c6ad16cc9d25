; movecount.asm -- count the legal moves without storing them: the last ply of perft
; (bulk counting).  Liberman's finders (TENTOUR, FOUN, CHEVALN, PIONN) cut down to a
; count, for the pieces the rules of check leave free: when the king is not in check,
; a piece that shelters it from no slider may go wherever its finder would take it, so
; its moves are counted square by square off the board, no move record built.
; Everything else goes through the storing finders of movegen.asm into the free space
; of the chain, and is counted there: every move in check, the pinned pieces (along
; their line), a pawn about to promote, en passant and the king.
;
; count_white and count_black are one routine assembled once per colour (COUNT_SIDE).

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
%%hit:  JOWN %%own
        dec cx                      ; an enemy: its square is a move
%%own:  sub bp, cx
%%done:
%endmacro

; COUNT_HALF half -- count the moves of each piece in one dword of gen_pieces (as
; PIECES_HALF in movegen.asm, without the pins and the checks: none apply here)
%macro COUNT_HALF 1
%%piece:
        SET_TAKE_LOWEST gen_pieces, %1, %%done
        mov dl, bl                  ; DL = square, DH = content
        movzx bx, byte [carreau + bx]
        mov dh, bl
        add bx, bx                  ; 2 bytes a counter; an own piece is OWN | kind
        call [COUNTERS + bx - 2 * OWN]
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

; ---------------------------------------------------------------------------------------
; COUNT_SIDE colour, name -- the counter of one colour: count_<name> and its counters.
%macro COUNT_SIDE 2
        SIDE_NAMES %1, %2
  %define COUNTERS count_%2_finders

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
        xor bp, bp
        cmp byte [variant], VARIANT_CHESS
        je .king
        call gen_%2_king            ; king_zone does not know the 6x6 board's edge
        jmp .pieces
.king:  call count_%2_king
.pieces:
        mov eax, [pinned_set]       ; then the free pieces, counted
        not eax
        and eax, [COLOUR_SET(OWN)]
        mov [gen_pieces], eax
        mov eax, [pinned_set + 4]
        not eax
        and eax, [COLOUR_SET(OWN) + 4]
        mov [gen_pieces + 4], eax
        movzx bx, byte [king_here]
        btr word [gen_pieces], bx
        COUNT_HALF 0
        COUNT_HALF 1
        call gen_finish             ; the moves stored, and those counted
        add cx, bp
        clc
        ret
.full:  stc
        jmp gen_finish

; count_<colour>_king -- the king's steps counted (Liberman: TENROI), its castlings stored:
;                       each square next to it that its side does not hold (king_zone)
;                       put to the attack test.  Out of check the king shields no square
;                       next to it from a slider, so it stays on the board meanwhile.
; IN:  [king_here]; not in check; [variant] chess; BP = the count so far; ES:DI -> free space
; OUT: BP + its steps; DI past its castlings
; CHG: EAX, BX, CX, DX, SI
count_%2_king:
        movzx si, byte [king_here]
        shl si, LIST_SHIFT
        mov eax, [COLOUR_SET(OWN)]
        not eax
        and eax, [king_zone + si]
        mov [gen_pieces], eax
        mov eax, [COLOUR_SET(OWN) + 4]
        not eax
        and eax, [king_zone + si + 4]
        mov [gen_pieces + 4], eax
        COUNT_KING_HALF 0
        COUNT_KING_HALF 1
        jmp gen_%2_king.castle

; count_<colour>_rook -- the free rook's moves, counted (Liberman: TENTOUR)
; IN:  DL = the rook's (or queen's) square; BP = the count so far
; OUT: BP + its moves
; CHG: BX, CX, SI
count_%2_rook:
        movzx si, dl
        shl si, LIST_SHIFT
  %assign d ROOK_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
        ret

; count_<colour>_bishop -- the free bishop's moves, counted (Liberman: FOUN)
; IN, OUT, CHG: as count_<colour>_rook
count_%2_bishop:
        movzx si, dl
        shl si, LIST_SHIFT
  %assign d BISHOP_DIR_FIRST
  %rep LINE_DIRS
        COUNT_RAY d
    %assign d d + 1
  %endrep
        ret

; count_<colour>_queen -- the free queen's moves: a rook's and a bishop's
; IN, OUT, CHG: as count_<colour>_rook
count_%2_queen:
        call count_%2_rook
        jmp count_%2_bishop

; count_<colour>_knight -- the free knight's moves, counted (Liberman: CHEVALN): its
;                         squares less those its own side holds
; IN, OUT: as count_<colour>_rook
; CHG: AL, BX, CX, SI
count_%2_knight:
        movzx si, dl
        movzx cx, byte [knight_n + si]
        add bp, cx
        shl si, LIST_SHIFT
        add si, knight_to
.jump:  lodsb
        mov bl, al
        cmp byte [carreau + bx], EMPTY
        JNOT_OWN .next
        dec bp
.next:  loop .jump
        ret

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

        FINDER_TABLE count_%2       ; count_<colour>_finders: the counter of each piece code
%endmacro

        COUNT_SIDE WHITE, white
        COUNT_SIDE BLACK, black
