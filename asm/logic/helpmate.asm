; helpmate.asm -- the helpmate (h#n; beyond Liberman, whose mate logic knows the direct
; mate only, but on his tree): the side to move (S) begins, both sides cooperate, and
; S is mated by the other side's n-th move.  S helpmates in k when one of its moves and
; one reply after it leave S mated, or (k > 1) a helpmate in k - 1.  Both nodes are OR
; nodes, and the answer counts the lines: every one is walked.
;
; help_find walks the lines of k = 1, 2, ... N moves, so the first k with a line is the
; shortest; it counts them (up to HELP_COUNT_CAP) and keeps the first.  The cuts
; cannot change the answer:
;   - the table of proven results (matetable.asm: S's positions only, "not helpmated
;     within k" in .fails, monotone in k as a direct mate's) answers a position below
;     the root met again that has no line (one with lines is walked for them);
;   - at k = 1 only the other side's checks can mate (mate_last_ply, matedrive.asm,
;     with help_last_reply as its leaf test), and a mate is one legal reply short.

        section .bss

help_count      resd 1              ; the lines found
help_path       resd STIP_PLIES     ; the line being walked, by ply from the root
help_line       resd STIP_PLIES     ; the first line counted

        section .text

; help_find -- the shortest helpmate in at most N moves, its number of lines and the
;              first of them
; IN:  CL = N, 1 .. STIP_MAX_MOVES; the position; DI -> free space in the move chain;
;      the limits (clock_check stops the search)
; OUT: CF clear: CL = k, EAX = the lines of length k (at most HELP_COUNT_CAP),
;      help_line = the first, 2k moves; CF set: none in N moves (or [clock_abort] set)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position restored)
help_find:
        mov ch, cl                  ; CH = N
        mov cl, 1
        mov dl, ch                  ; a helpmate in one looks nothing up: no table to clear
        mov si, help_walk
        jmp mate_drive

; help_walk -- the lines of a helpmate in k from the root, counted afresh (mate_drive's
;              walker)
; IN:  CL = k; DI -> free space
; OUT: CF clear: EAX = the lines found (at most HELP_COUNT_CAP), help_line the first;
;      CF set: none (or a limit came first: [clock_abort])
; CHG: EBX, EDX, SI, EBP (CX, DI kept)
help_walk:
        mov dword [help_count], 0
        push cx
        call help_lines
        pop cx
        mov eax, [help_count]
        cmp eax, 1                  ; CF set: no line
        ret

; help_lines -- the lines of a helpmate in k moves from here, S to move: each of S's
;               moves, each reply, then S mated (k = 1) or the lines of k - 1
; IN:  CL = k >= 1; DI -> free space; FS = the table
; OUT: [help_count] + the lines found (help_path below this ply, help_line at the first);
;      CF set: stop the walk (see help_walk)
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
help_lines:
        call clock_check
        jc .out
        mov al, [ply]
        cmp al, [mate_root_ply]
        je .search
        call mate_tt_probe
        jz .search
        jc .failed                  ; known: no helpmate in k from here; a known
                                    ; one is walked for its lines
.search:
        push dword [help_count]
        push di
        call mate_gen
.own:   cmp si, di
        jae .done
        mov eax, [es:si]
        call help_path_put
        call move_play
        push si
        push cx
        call help_replies
        pop cx
        pop si
        call mate_unmake_si
        jc .stopped
        add si, MOVE_SIZE
        jmp .own
.stopped:
        pop di
        add sp, 4                   ; the count before
.out:   ret
.done:  pop di
        pop eax                     ; the count before
        cmp eax, [help_count]       ; CF clear: lines found, S helpmates in k
        je .none
        clc
        jmp .store
.none:  stc                         ; no line: S helpmates in no k
.store: call mate_tt_store
.failed:
        clc
        ret

; help_replies -- the other side's replies after S's move, each followed by S mated
;                 (k = 1) or by the lines of k - 1
; IN:  CL = k >= 1; DI -> free space; the other side to move
; OUT, CHG: as help_lines
help_replies:
        cmp cl, 1
        jne .all
        mov bp, help_last_reply     ; the last reply: only a check can mate
        jmp mate_last_ply
.all:   push di
        call mate_gen
        dec cl
.reply: cmp si, di
        jae .none
        mov eax, [es:si]
        call help_path_put
        call move_play
        push si
        push cx
        call help_lines
        pop cx
        pop si
        call mate_unmake_si
        jc .stop
        add si, MOVE_SIZE
        jmp .reply
.none:  pop di
        clc
        ret
.stop:  pop di
        stc
        ret

; help_last_reply -- the helpmate's leaf test (mate_last_ply's): the other side's last
;                    reply, and when it is a queen's promotion that mates, the rook's
;                    and the bishop's too (never without it: the queen checks on their
;                    lines and covers their squares), which checking_only leaves out
; IN:  EAX = a check the king cannot step out of; ES:SI -> it; ES:DI -> free space
; OUT: the lines counted; CF set: stop the walk (help_line_found)
; CHG: EAX, EBX, ECX, EDX, EBP
help_last_reply:
        call help_leaf
        jc .stop
        test cl, cl
        jz .done
        mov eax, [es:si]
        test ah, PROMO_FLAG
        jz .done
        mov bl, ah
        shr bl, PROMO_SHIFT
        and bl, PROMO_CODE_MASK
        cmp bl, QUEEN
        jne .done
        xor ah, (QUEEN ^ ROOK) << PROMO_SHIFT
        call help_leaf
        jc .stop
        cmp byte [variant], VARIANT_LOS_ALAMOS
        je .done                    ; no bishops there
        mov eax, [es:si]
        xor ah, (QUEEN ^ BISHOP) << PROMO_SHIFT
        jmp help_leaf
.done:  clc
.stop:  ret

; help_leaf -- the other side's last reply: played, and the line counted if S is mated
; IN:  EAX = the move; ES:DI -> free space
; OUT: CL = 1: S mated, 0: not; CF set: stop the walk (help_line_found)
; CHG: EAX, EBX, ECX, EDX, EBP
help_leaf:
        call help_path_put
        call move_play
        push eax
        push si
        push di
        call gen_any_move
        pop di
        pop si
        pop eax
        test ecx, ecx
        mov cl, 0
        jnz .escapes
        cmp byte [checkers], 0      ; no move and no check: stalemate (a rook's or a
        je .escapes                 ; bishop's promotion need not check)
        call help_line_found
        mov cl, 1                   ; the flags kept
        jmp mate_unmake_eax
.escapes:
        call mate_unmake_eax
        clc
        ret

; help_path_put -- note a move of the line being walked at its ply
; IN:  EAX = the move, about to be played at [ply]
; OUT: help_path at [ply] - [mate_root_ply]
; CHG: BX
help_path_put:
        movzx bx, byte [ply]
        sub bl, [mate_root_ply]
        shl bx, DWORD_SHIFT
        mov [help_path + bx], eax
        ret

; help_line_out -- a line found, handed move by move to the solution's hook when there
;                  is one (matetree.asm's tree_hook: the first move a key of k moves,
;                  the others moves at their plies)
; IN:  the line in help_path up to [ply]; [tree_hook] (0: none)
; OUT: the line handed out
; CHG: nothing
help_line_out:
        cmp word [tree_hook], 0
        je .out
        pushad
        movzx cx, byte [ply]
        sub cl, [mate_root_ply]     ; CX = 2k plies
        mov si, help_path
        mov dx, (TREE_KEY << 8) | 1
        mov bl, cl
        shr bl, 1                   ; k
.move:  mov eax, [si]
        xchg cl, bl
        call mate_tree_line
        xchg cl, bl
        add si, MOVE_SIZE
        mov dh, TREE_MOVE
        inc dl
        dec cx
        jnz .move
        popad
.out:   ret

; help_line_found -- S is mated: count the line, keep it if it is the first
; IN:  the line in help_path up to [ply] (the mating reply played)
; OUT: [help_count] + 1, help_line; CF set: stop (the cap reached)
; CHG: BX
help_line_found:
        inc dword [help_count]
        call help_line_out
        cmp dword [help_count], 1
        jne .cap
        push si
        push di
        push cx
        push es
        push ds
        pop es
        mov si, help_path
        mov di, help_line
        mov cx, STIP_PLIES
        rep movsd
        pop es
        pop cx
        pop di
        pop si
.cap:   cmp dword [help_count], HELP_COUNT_CAP
        jae .stop
        clc
        ret
.stop:  stc
        ret
