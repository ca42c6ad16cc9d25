; hashmove.asm -- is the hash table's move legal here? (beyond Liberman).  The search
; tries a node's hash move before it generates the others (node.asm): most cuts come
; from the first move, and a cut by the hash move saves the generation and the order of
; every other move.  A hash entry is found by 32 bits of the key, so now and then it
; belongs to another position and its move is not legal here: the move's own piece is
; asked for its moves, by the finder gen_moves would run for it with the same squares
; allowed (the 1998 rules of check: the pin line, no check), and the record must be
; among them to the last bit.

        section .text

; gen_move_legal -- is a move record a legal move of the side to move, out of check?
;                   Castling, en passant and the king's steps (each needs the attack
;                   test, not the finders' squares) are left to gen_moves, as is every
;                   move when the side is in check
; IN:  EAX = a move record; the position; ES:DI -> free space, at most CHAIN_GUARD
; OUT: CF set: the move is legal here, and the side to move is not in check; CF clear:
;      not legal here, or not tried
; CHG: EBX, ECX, EDX, ESI, EBP (EAX and DI kept; the finder's moves left past DI);
;      gen_<colour>_checks' tables; capture_pawns gets the piece's square
gen_move_legal:
        test al, KIND_CASTLE        ; castling and en passant: the kinds with this bit
        jnz .no
        movzx bx, al
        and bl, SQUARE_MASK
        mov dh, [carreau + bx]      ; DH = what stands on the from square
        mov cl, ah
        and cl, CONTENT_MASK
        cmp dh, cl
        jne .no                     ; not the record's piece (or colour, or empty)
        and cl, WHITE
        cmp cl, [side]
        jne .no                     ; the other side's piece
        mov cl, dh
        and cl, PIECE_MASK
        cmp cl, KING
        je .no
        push eax
        push bx
        cmp byte [side], WHITE
        je .white
        call gen_black_checks
        jmp .checked
.white: call gen_white_checks
.checked:
        pop bx
        pop eax
        cmp byte [checkers], 0
        jne .no                     ; in check: gen_moves, which extends the node
        mov dl, bl                  ; DL = square, DH = content, as the finders take them
        mov dh, [carreau + bx]
        bts word [capture_pawns], bx ; a pawn's finder looks for takes only from there
        mov bp, target_mask
        bt word [pinned_set], bx
        jnc .find
        push eax
        call gen_pin_allowed        ; a pinned piece: its line alone
        pop eax
.find:  push eax
        push di
        movzx ebx, dh
        call [gen_finders + ebx * 2]
        mov cx, di                  ; CX = past the piece's moves
        pop di
        pop eax
        mov si, di
.scan:  cmp si, cx
        jae .no
        cmp eax, [es:si]
        je .yes
        add si, MOVE_SIZE
        jmp .scan
.yes:   stc
        ret
.no:    clc
        ret
