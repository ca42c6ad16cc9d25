; matecheck.asm -- the mate logic's questions about checks (Liberman 1998: the rules of
; check, turned round and walked out of the enemy king): from which squares each piece
; of the side to move would give check, whether a move gives check, and whether the
; enemy king keeps a step after it.  The attacker's last move (k = 1) can only mate if
; it checks and leaves the king no step, so these answers spare mate.asm most of the
; make, generate and unmake at the last ply.
; mate_check_squares fills the generator's inputs for its checks-only mode (check_sets
; and discover_set, movegen/modes.asm) before mate_attack_moves sets [checking_only].

        section .bss

discover_rays   resq DIRECTIONS     ; for each direction: the line out of the enemy king
discover_from   resb DIRECTIONS     ; the piece that shields that line, or NO_SQUARE

        section .text

; CHECK_RAY d -- mate_check_squares' walk out of the enemy king (DX) along direction d:
; every square up to the first piece, that piece's square included, a check square of
; the line's slider; when that piece is the attacker's (AH) and the first piece behind
; it a slider of the attacker's that moves this way, the shield noted (discover_from,
; discover_set) and the whole line out of the king kept (discover_rays).  Unrolled, its
; step a constant (the walk runs at every node of the mate search).  DI = the king's
; square << LIST_SHIFT.  CHG: AL, BX, CX, SI
%macro CHECK_RAY 1
        movzx cx, byte [ray_len + di + %1]
        jcxz %%done
        mov bx, dx
%%near: add bl, DIR_DELTA(%1)
        bts word [check_sets + LINE_PIECE(%1) * SET_BYTES], bx ; each square a check square
        cmp byte [carreau + bx], EMPTY
        loope %%near                ; (loope counts the square of the piece it stops at)
        je %%done                   ; empty to the edge
        mov al, [carreau + bx]
        xor al, ah                  ; the attacker's own pieces lose the colour bit
        test al, WHITE
        jnz %%done                  ; a piece of the king's own side shields it
        jcxz %%done
        mov si, bx                  ; SI = the shield
%%far:  add bl, DIR_DELTA(%1)
        cmp byte [carreau + bx], EMPTY
        loope %%far
        je %%done
        mov al, [carreau + bx]
        xor al, ah
        cmp al, QUEEN
        je %%uncover
        cmp al, LINE_PIECE(%1)
        jne %%done
%%uncover:
        mov bx, si
        mov [discover_from + %1], bl
        bts word [discover_set], bx
        xor ecx, ecx                ; the whole line out of the king
        mov [discover_rays + %1 * SET_BYTES], ecx
        mov [discover_rays + %1 * SET_BYTES + 4], ecx
        mov cl, [ray_len + di + %1]
        mov bx, dx
%%line: add bl, DIR_DELTA(%1)
        bts word [discover_rays + %1 * SET_BYTES], bx
        loop %%line
%%done:
%endmacro

; mate_check_squares -- for the side to move: the squares from which each of its pieces
;                       would check the enemy king, and the pieces that shield the king
;                       from one of its own sliders (the 1998 rules of check, turned
;                       round: the lines are walked out of the enemy king)
; IN:  the position
; OUT: check_sets (the queen's = the rook's | the bishop's; the pawn's with the rows
;      pawns promote on, where what a pawn promotes to may check; the king's empty);
;      discover_set; for each direction with such a shield discover_from = its square
;      and discover_rays = the line, else discover_from = NO_SQUARE
; CHG: nothing
mate_check_squares:
        pushad
        mov ah, [side]              ; AH = the attacker's colour
        mov al, ah
        xor al, WHITE
        shr al, COLOUR_SHIFT
        movzx bx, al
        movzx dx, byte [king_squares + bx] ; DX = the enemy king's square
        mov di, dx
        shl di, LIST_SHIFT          ; DI = its entry in the 8-byte tables
        xor ecx, ecx
        mov [check_sets + ROOK * SET_BYTES], ecx
        mov [check_sets + ROOK * SET_BYTES + 4], ecx
        mov [check_sets + BISHOP * SET_BYTES], ecx
        mov [check_sets + BISHOP * SET_BYTES + 4], ecx
        mov [check_sets + KING * SET_BYTES], ecx
        mov [check_sets + KING * SET_BYTES + 4], ecx
        mov [check_sets + PAWN * SET_BYTES], ecx
        mov [check_sets + PAWN * SET_BYTES + 4], ecx
        mov [discover_set], ecx
        mov [discover_set + 4], ecx
        mov ecx, [knight_zone + di] ; a knight checks from a jump away (on the small
        mov [check_sets + KNIGHT * SET_BYTES], ecx ; board too: its border squares
        mov ecx, [knight_zone + di + 4] ; hold no piece and no move goes there)
        mov [check_sets + KNIGHT * SET_BYTES + 4], ecx
        mov ecx, NO_SQUARE * 01010101h
        mov [discover_from], ecx
        mov [discover_from + 4], ecx
%if DIRECTIONS != 8
  %error "discover_from is set by two dwords"
%endif
        mov si, pawn_from_b         ; the attacker's pawns that would take on it
        test ah, WHITE
        jz .pawns
        mov si, pawn_from_w
.pawns: add si, dx
        add si, dx                  ; PAWN_TAKES squares an entry
        mov cx, PAWN_TAKES
.pawn:  movzx bx, byte [si]
        inc si
        cmp bl, OFF_BOARD
        je .next_pawn
        bts word [check_sets + PAWN * SET_BYTES], bx
.next_pawn:
        loop .pawn
        movzx bx, byte [geometry + board_geometry.queening_row_w]
        mov byte [check_sets + PAWN * SET_BYTES + bx], ROW_SET
        mov byte [check_sets + PAWN * SET_BYTES + LAST_ROW], ROW_SET
%assign d 0
%rep DIRECTIONS
        CHECK_RAY d
  %assign d d + 1
%endrep
        mov eax, [check_sets + ROOK * SET_BYTES]
        or eax, [check_sets + BISHOP * SET_BYTES]
        mov [check_sets + QUEEN * SET_BYTES], eax
        mov eax, [check_sets + ROOK * SET_BYTES + 4]
        or eax, [check_sets + BISHOP * SET_BYTES + 4]
        mov [check_sets + QUEEN * SET_BYTES + 4], eax
        popad
        ret

; mate_gives_check -- does a move of the side to move give check?  Read off
;                     mate_check_squares' tables; a promotion is put on the board
;                     (mate_lift) and the enemy king's square looked at; castling and
;                     en passant are played and looked at
; IN:  EAX = a legal move; the tables made by mate_check_squares for this position
; OUT: CF set if the move gives check
; CHG: BX, ECX
mate_gives_check:
        mov bl, al
        and bl, KIND_MASK
        cmp bl, KIND_CASTLE         ; castling and en passant
        jae .play
        test ah, PROMO_FLAG
        jnz .promo
        mov ecx, eax
        MOVE_TO_LOW ecx
        and cx, SQUARE_MASK         ; CX = the to square
        movzx bx, ah
        and bl, PIECE_MASK
        shl bx, LIST_SHIFT
        bt word [check_sets + bx], cx
        jc .done
        movzx bx, al
        and bl, SQUARE_MASK         ; BX = the from square
        bt word [discover_set], bx
        jnc .done
        push si
        mov si, -1
.find:  inc si
        cmp [discover_from + si], bl
        jne .find
        shl si, LIST_SHIFT
        bt word [discover_rays + si], cx
        cmc                         ; a check unless it stays on the line
        pop si
.done:  ret
.promo: push edx
        call mate_lift
        cmp byte [side], WHITE
        je .white
        movzx bx, byte [KING_SQ(WHITE)]
        call attacked_white         ; is it attacked by black?
        jmp .lifted
.white: movzx bx, byte [KING_SQ(BLACK)]
        call attacked_black
.lifted:
        call mate_lift_back
        pop edx
        ret
.play:  call move_play
        push eax
        call attacked_king
        pop eax
        pushf
        call move_takeback
        popf
        ret

; mate_check_flees -- has the enemy king a step after a check of the side to move?  Read
;                     off the board alone, the move put on it by mate_lift (what the
;                     attack test reads): a plain move, double step or promotion of a
;                     piece other than the king; the others are not looked at
; IN:  EAX = a legal move of the side to move that gives check; ES:DI -> free space
; OUT: CF set: the king has a step (the move does not mate); CF clear: it may mate
; CHG: BX, ECX, EDX
mate_check_flees:
        test al, KIND_CASTLE        ; castling and en passant
        jnz .unknown
        mov cl, ah
        and cl, PIECE_MASK
        cmp cl, KING
        je .unknown
        push eax
        push si
        push di
        call mate_lift
        cmp byte [side], WHITE
        je .black
        call gen_white_flight
        jmp .back
.black: call gen_black_flight
.back:  pop di
        pop si
        pop eax
        jmp mate_lift_back
.unknown:
        clc
        ret

; MATE_LIFT_FROM op, content -- the from square's side of mate_lift (op btr, content
; EMPTY) and of mate_lift_back (bts, CL: the piece without its promotion bits), inline in
; both (the mate-in-one node's escape test runs them for every check): the from square
; given its content, the piece flipped by op in its set and the mover's colour set there
; IN:  EAX = the move
; OUT: BX = the to square, EDX = the move shifted down to it (DH what it took)
; CHG: BX, ECX, EDX
%macro MATE_LIFT_FROM 2
        movzx bx, al
        and bl, SQUARE_MASK
        movzx ecx, ah
        and cl, CONTENT_MASK
        mov byte [carreau + bx], %2
        %1 word [piece_sets + ecx * SET_BYTES], bx
        MOVER_SET ecx
        %1 word [colour_sets + ecx], bx
        mov edx, eax
        MOVE_TO_LOW edx
        mov bl, dl
%endmacro

; mate_lift -- a move put on the board as far as the attack tests read it: its piece
;              off its from square and the mover's set, on its to square as what it
;              becomes (a promotion's new piece); a piece taken stays in its side's set
; IN:  EAX = a plain move, double step or promotion of the side to move, not the king's
; OUT: carreau, the mover's colour set and piece sets so changed (mate_lift_back undoes it)
; CHG: BX, ECX, EDX
mate_lift:
        MATE_LIFT_FROM btr, EMPTY
        mov dh, ah
        test dh, PROMO_FLAG
        jz .put
        shr dh, PROMO_SHIFT         ; the new piece, of the pawn's colour
        and dh, PROMO_CODE_MASK
        mov dl, ah
        and dl, WHITE
        or dh, dl
.put:   mov [carreau + bx], dh
        bts word [colour_sets + ecx], bx
        movzx ecx, dh
        bts word [piece_sets + ecx * SET_BYTES], bx
        ret

; mate_lift_back -- the board as it was before mate_lift
; IN:  EAX = the move mate_lift put on the board
; OUT: carreau, the mover's colour set and piece sets restored; the flags kept
; CHG: BX, ECX, EDX
mate_lift_back:
        pushf
        MATE_LIFT_FROM bts, cl      ; (a promotion's pawn without its promotion bits)
        btr word [colour_sets + ecx], bx
        movzx ecx, byte [carreau + bx]
        btr word [piece_sets + ecx * SET_BYTES], bx
        mov [carreau + bx], dh
        popf
        ret
