; mate.asm -- the mate solving logic (Liberman 1997 part 4: WHITEJOUE5PAS and its
; family WHITEJOUE4PAS .. WHITEJOUE1PAS): the total search for a forced mate.
;
; The side to move (the attacker) mates in k moves when one of its moves leaves the
; defender with no legal move while in check (mate), or when after one of its moves
; every legal reply of the defender still allows a mate in k - 1.  No legal reply and no
; check is stalemate: never a mate.  Every attacker move and every reply is looked at;
; the only cuts are those that cannot change the answer:
;   - a defender's node stops at the first reply after which no mate follows (a
;     refutation), an attacker's node at the first move that mates;
;   - the attacker's last move (k = 1) can only mate if it gives check, so the quiet
;     ones are not played out past the check test;
;   - at k >= 2 the checking moves are tried first (a stable reordering of the chain:
;     the checks in generation order, then the others in generation order).
; mate_find tries k = 1, 2, ... N, so its move starts a shortest mate.  Among several
; mating moves it returns the first in the order above, so the answer is deterministic.
;
; Each ply's chain sits on the move stack after its parent's (Liberman kept one saved
; chain per depth: SAUVEB5, SAUVEN5, ...); the board is restored by move_unmake instead
; of his CARREAUSTOK / STOKCARREAU copies.

        section .text

; mate_find -- the first move of a shortest forced mate in at most N moves
;              (Liberman: WHITEJOUE1PAS .. WHITEJOUE5PAS, tried from 1 up)
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the position; DI -> free space in the move chain;
;      [search_deadline] (search_clock stops the search past it)
; OUT: CF clear: EAX = the mating move, CL = k, the mate's length in moves;
;      CF set: no mate in N moves (or [search_abort] set: the budget ran out)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position is restored)
mate_find:
        mov ch, cl                  ; CH = N
        mov cl, 1
.length:
        push cx
        call mate_attack
        pop cx
        jnc .found
        cmp byte [search_abort], 0
        jne .none
        inc cl
        cmp cl, ch
        jbe .length
.none:  stc
        ret
.found: clc                         ; CL = k
        ret

; mate_attack -- a move of the side to move that mates in k moves (Liberman:
;                WHITEJOUEnPAS, the loop LAREVISION over the attacker's moves)
; IN:  CL = k >= 1; DI -> free space in the move chain
; OUT: CF clear: EAX = the first mating move in check-first order; CF set: none (or the
;      budget ran out: [search_abort])
; CHG: EBX, ECX, EDX, SI, EBP (DI kept)
mate_attack:
        call search_clock
        jc .aborted
        push di
        push cx
        call gen_moves
        pop cx
        pop si                      ; SI -> the first move, DI -> past the last
        push si
        cmp cl, 1
        je .last
        call mate_order_checks
        dec cl                      ; the replies must each allow a mate in k - 1
.move:  cmp si, di
        jae .none
        mov eax, [es:si]
        call search_make
        push si
        push cx
        call mate_defend
        pop cx
        pop si
        call mate_unmake_si
        jnc .found
        cmp byte [search_abort], 0
        jne .none
        add si, MOVE_SIZE
        jmp .move
.last:  cmp si, di                  ; k = 1: only a check can mate
        jae .none
        mov eax, [es:si]
        call search_make
        call mate_in_check
        jnc .quiet
        push si
        push di
        call gen_moves              ; the defender's replies, counted and dropped
        pop di
        pop si
        test ecx, ecx
        jz .mated                   ; in check without a move
.quiet: call mate_unmake_si
        add si, MOVE_SIZE
        jmp .last
.mated: call mate_unmake_si
.found: mov eax, [es:si]
        pop di
        clc
        ret
.none:  pop di
.aborted:
        stc
        ret

; mate_defend -- does every reply of the side to move lose to a mate in k moves?
;                (Liberman: the loop DADA over the black replies)
; IN:  CL = k >= 1 (the attacker's moves left after this reply); DI -> free space
; OUT: CF clear: yes (or the side to move is mated now); CF set: a reply escapes, or the
;      side to move is stalemated, or the budget ran out
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_defend:
        push di
        push cx
        call gen_moves
        jecxz .no_reply
        pop cx
        pop si
        push si
.reply: mov eax, [es:si]
        call search_make
        push si
        push cx
        call mate_attack
        pop cx
        pop si
        call mate_unmake_si
        jc .escaped                 ; the first refutation ends the search
        add si, MOVE_SIZE
        cmp si, di
        jb .reply
        pop di
        clc                         ; every reply is mated
        ret
.escaped:
        pop di
        ret                         ; CF set
.no_reply:
        pop cx
        pop di
        cmp byte [checkers], 1      ; CF set when no checker: stalemate
        ret

; mate_unmake_si -- take back the move SI points to, keeping the flags
; IN:  ES:SI -> the move last made
; OUT: the position before it; flags as they were
; CHG: EAX
mate_unmake_si:
        pushf
        mov eax, [es:si]
        call search_unmake
        popf
        ret

; mate_in_check -- is the side to move in check? (Liberman: VERROI on the king, PAH)
; IN:  the position
; OUT: CF set if its king is attacked
; CHG: AX, BX
mate_in_check:
        cmp byte [side], WHITE
        je .white
        movzx bx, byte [KING_SQ(BLACK)]
        jmp attacked_black
.white: movzx bx, byte [KING_SQ(WHITE)]
        jmp attacked_white

; mate_order_checks -- put the checking moves of a chain first, each group kept in
;                      generation order
; IN:  ES:SI -> the first move, ES:DI -> past the last; one chain's room past DI free
; OUT: the chain reordered in place
; CHG: EAX, BX, DX, BP
mate_order_checks:
        push si
        push di
        mov bp, di                  ; ES:BP collects the quiet moves past the chain
        mov dx, si                  ; ES:DX -> where the next check goes
.move:  cmp si, di
        jae .join
        mov eax, [es:si]
        call search_make
        call mate_in_check
        call mate_unmake_si
        mov eax, [es:si]
        jnc .quiet
        mov bx, dx
        mov [es:bx], eax
        add dx, MOVE_SIZE
        jmp .next
.quiet: mov [es:bp], eax
        add bp, MOVE_SIZE
.next:  add si, MOVE_SIZE
        jmp .move
.join:  mov si, di                  ; the quiet moves follow the checks
        mov bx, dx
.copy:  cmp si, bp
        jae .done
        mov eax, [es:si]
        mov [es:bx], eax
        add si, MOVE_SIZE
        add bx, MOVE_SIZE
        jmp .copy
.done:  pop di
        pop si
        ret
