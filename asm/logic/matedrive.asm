; matedrive.asm -- the one driver of the problemists' three aims (Liberman: the lengths
; WHITEJOUE1PAS .. WHITEJOUE5PAS tried in turn): the direct mate (mate.asm), the
; helpmate (helpmate.asm) and the selfmate (selfmate.asm) walk the same tree of the side
; to move's moves and the other side's replies and differ only in their walker and its
; leaf test.  Written once here:
;   - the lengths k .. N tried in turn, so the first that has an answer is the
;     shortest, and the limits' abort, looked at after each length;
;   - the root's ply (a walker wants the root's move, not only its answer), the Zobrist
;     key and the table of proven results made afresh (matetable.asm), with FS and GS
;     given back to the caller as they were, and the direct mate's killers forgotten;
;   - the last move of a mate, where only a check can mate: the checks alone generated
;     and looked at, those that leave the king a step passed over, each other handed
;     to the walker's leaf test.

        section .bss

mate_root_ply   resb 1              ; [ply] at the driver's root, whose move is wanted

        section .text

; mate_drive -- the walker's answer at the shortest length k .. N that has one
; IN:  CL = k, CH = N, 1 <= k <= N; DL = the longest length whose table is cleared
;      (mate_tt_clear: 1 leaves it, for a search that looks nothing up); SI -> the
;      walker (IN: CL = k, ES:DI -> free space, FS, GS = the mate tables; OUT: CF
;      clear: EAX = its answer, CF set: none in k moves or a limit came first; CHG:
;      EBX, ECX, EDX, SI, EBP, DI kept); the position; ES:DI -> free space in the
;      move chain; the limits (clock_check stops the walk)
; OUT: CF clear: CL = k, EAX = the walker's answer; CF set: none in N moves, or
;      [clock_abort] set: a limit came first (what the walker found then is not all)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position restored)
mate_drive:
        push fs
        push gs
        mov al, [ply]
        mov [mate_root_ply], al
        push cx
        push di
        call hash_compute
        mov ch, dl
        call mate_tt_clear
        call mate_killers_clear
        pop di
        pop cx
.length:
        push cx
        push si
        call si
        pop si
        pop cx
        setnc dl                    ; DL = 1: an answer at k
        cmp byte [clock_abort], LIMIT_NONE
        jne .none
        test dl, dl
        jnz .found
        inc cl
        cmp cl, ch
        jbe .length
.none:  pop gs
        pop fs
        stc
        ret
.found: pop gs
        pop fs
        clc                         ; CL = k
        ret

; mate_last_ply -- the last move of a mate: only a check can mate, so only the checks
;                  (and the moves gen_moves cannot rule out) are generated, the quiet
;                  ones passed over (mate_gives_check, read off mate_check_squares'
;                  tables) and the checks that leave the king a step (mate_check_flees);
;                  each other goes to the leaf test, the direct mate's killers first
;                  (mate_killer_first: the last checks that mated at this ply)
; IN:  BP -> the leaf test (IN: EAX = the move, ES:SI -> it in the chain, ES:DI -> free
;      space past the chain; OUT: CF set: stop the walk; CHG: EAX, EBX, ECX, EDX, EBP,
;      SI and DI kept); the side that gives the mate to move; ES:DI -> free space
; OUT: CF set: a leaf test stopped the walk, ES:SI -> its move; CF clear: none did
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_last_ply:
        push di
        push bp
        call mate_check_squares
        mov byte [checking_only], 1
        call gen_moves
        mov byte [checking_only], 0
        pop bp
        pop si
        push si
        call mate_killer_first      ; the direct mate's last mating checks first
.try:   cmp si, di
        jae .none
        mov eax, [es:si]
        call mate_gives_check
        jnc .next
        call mate_check_flees
        jc .next
        push bp
        call bp
        pop bp
        jc .stop
.next:  add si, MOVE_SIZE
        jmp .try
.none:  pop di
        clc
        ret
.stop:  pop di
        ret

; mate_node -- a node of the side whose move is wanted (the attacker of a direct mate or
;              a selfmate): below the root the table of proven results first, the
;              search over the moves when it does not know, and its answer stored
; IN:  CL = k >= 1; BX -> the search over the moves (IN: CL = k, ES:DI -> free space;
;      OUT: CF clear: EAX = the first move that works, CF set: none or a limit came
;      first; CHG: EBX, ECX, EDX, SI, EBP, DI kept); ES:DI -> free space; FS = the table
; OUT: CF clear: EAX = the move found (below the root from the table: nothing); CF set:
;      none (or a limit came first: [clock_abort])
; CHG: EBX, ECX, EDX, SI, EBP (DI kept)
mate_node:
        call clock_check
        jc .aborted
        mov al, [ply]
        cmp al, [mate_root_ply]
        je .search                  ; the root: its move is wanted, not only the answer
        push bx
        call mate_tt_probe
        pop bx
        jz .search
        ret                         ; known: CF says
.search:
        push cx
        call bx
        pop cx
        jnc .proven
        cmp byte [clock_abort], LIMIT_NONE
        jne .aborted
        stc                         ; none in k
.proven:
        jmp mate_tt_store
.aborted:
        stc
        ret

; mate_try_moves -- the moves of a chain played in turn, each answered by the other
;                   side's node, up to the first that node says works (Liberman: the
;                   loop LAREVISION)
; IN:  ES:SI -> the first move, ES:DI -> past the last; CL = the other side's k; BX ->
;      its node (IN: CL, ES:DI -> free space; OUT: CF clear: the move works; CHG: all
;      but DI)
; OUT: CF clear: EAX = that move; CF set: none, or a limit came first ([clock_abort])
; CHG: EBX, ECX, EDX, SI, EBP
mate_try_moves:
        cmp si, di
        jae .none
        mov eax, [es:si]
        call move_play
        push bx
        push si
        push cx
        call bx
        pop cx
        pop si
        pop bx
        call mate_unmake_si
        jnc .found
        cmp byte [clock_abort], LIMIT_NONE
        jne .none
        add si, MOVE_SIZE
        jmp mate_try_moves
.found: mov eax, [es:si]
        ret
.none:  stc
        ret

; mate_gen -- the legal moves of the side to move, a walk's length kept
; IN:  CL = k; ES:DI -> free space
; OUT: ES:SI -> the first move, ES:DI -> past the last
; CHG: EAX, EBX, EDX, EBP (CX kept)
mate_gen:
        push cx
        push di
        call gen_moves
        pop si
        pop cx
        ret
