; selfmate.asm -- the selfmate (s#n; beyond Liberman, on his tree of WHITEJOUEnPAS with
; other leaves): the side to move (the attacker) forces the other side (the defender)
; to give mate within n moves, whatever it plays.  The attacker selfmates in k when
; after one of its moves the defender has a move, and each of the defender's moves
; mates the attacker or (k > 1) leaves it a selfmate in k - 1.  A defender that has no
; move (mated or stalemated by the attacker) escapes; an attacker stalemated by the
; defender's move is not mated.
;
; self_find tries k = 1, 2, ... N, so its key starts a shortest selfmate.  The cuts
; cannot change the answer: an attacker's node stops at its first forcing move, a
; defender's at its first escape; the defender tries first the move that last escaped
; at its ply (the table's MATE_REFUTES); the table of proven results (matetable.asm:
; the attacker's positions, "selfmates within k", monotone in k as a direct mate)
; answers a position below the root met again.

        section .text

; self_find -- the key of a shortest selfmate in at most N moves
; IN:  CL = N, 1 .. STIP_MAX_MOVES; the position; DI -> free space in the move chain;
;      the limits (clock_check stops the search)
; OUT: CF clear: EAX = the key, CL = k; CF set: none in N moves (or [clock_abort] set)
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position restored)
self_find:
        mov ch, cl                  ; CH = N
        mov cl, 1
        mov dl, STIP_MAX_MOVES      ; its escapes by ply are read at k = 1 too: clear them
        mov si, self_attack
        jmp mate_drive

; self_attack -- a move of the attacker (to move) that forces a selfmate in k moves
; IN:  CL = k >= 1; DI -> free space; FS = the table
; OUT: CF clear: EAX = the first such move; CF set: none (or [clock_abort])
; CHG: EBX, ECX, EDX, SI, EBP (DI kept)
self_attack:
        mov bx, self_attack_moves
        jmp mate_node

; self_attack_moves -- self_attack's search over the attacker's moves, the table aside
; IN, OUT, CHG: as self_attack
self_attack_moves:
        push di
        call mate_gen
        mov bx, self_defend
        call mate_try_moves
        pop di
        ret

; self_defend -- must every move of the defender (to move) mate the attacker, or (k > 1)
;                leave it a selfmate in k - 1?
; IN:  CL = k >= 1; DI -> free space; FS = the table
; OUT: CF clear: yes; CF set: the defender has no move, or one escapes (noted at its
;      ply in MATE_REFUTES), or a limit came first
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
self_defend:
        push di
        call mate_gen
        cmp si, di
        jae .escaped                ; no move: mated or stalemated by the attacker
        movzx bx, byte [ply]        ; the ply's last escape first
        shl bx, DWORD_SHIFT
        mov eax, [fs:MATE_REFUTES + bx]
        call mate_move_first
.reply: mov eax, [es:si]
        call move_play
        push si
        push cx
        push di
        call gen_any_move           ; has the attacker a move left?
        mov ebx, ecx
        pop di
        pop cx
        pop si
        test ebx, ebx
        jnz .moves
        cmp byte [checkers], 0      ; none: mated (forced), or stalemated (an escape)
        je .escape
        jmp .forced
.moves: cmp cl, 1
        je .escape                  ; not mated, and no move left to force it
        push si
        push cx
        dec cl
        call self_attack
        pop cx
        pop si
        jc .escape
.forced:
        call mate_unmake_si
        add si, MOVE_SIZE
        cmp si, di
        jb .reply
        pop di
        clc
        ret
.escape:
        call mate_unmake_si
        mov eax, [es:si]
        movzx bx, byte [ply]
        shl bx, DWORD_SHIFT
        mov [fs:MATE_REFUTES + bx], eax
.escaped:
        pop di
        stc
        ret
