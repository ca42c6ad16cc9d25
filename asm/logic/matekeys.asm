; matekeys.asm -- every key (beyond Liberman, whose WHITEJOUE5PAS stops at the first
; mating move): each first move of the side to move that forces mate in N moves or
; fewer, with the fewest it forces, as a problemist's solver lists them (a second key
; is a cook).  On the one driver (matedrive.asm): at each length k the root's moves
; still without a length are tried, each played and the defender's replies searched by
; mate_defend, as the direct mate's walker searches them below its root.

        section .bss

keys_forces     resw 1              ; IN: does a move force the aim in k? (mate_keys_try)
keys_chain      resw 1              ; -> the root's moves (ES), in generation order
keys_end        resw 1              ; -> past them
keys_lengths    resb MAX_MOVES      ; the fewest moves each root move forces the aim in
                                    ; (0: none yet); at the end the keys' alone, as the
                                    ; chain (mate_key_at)

        section .text

; mate_keys -- every move of the side to move that forces mate in at most N moves, and
;              the fewest moves each forces
; IN:  CL = N, 1 .. MATE_MAX_MOVES; the position; ES:DI -> free space in the move
;      chain; the limits (clock_check stops the search)
; OUT: CF clear: EAX = the keys (0: none), CL = N, the keys at the front of the root's
;      chain in generation order (mate_key_at reads them); CF set: a limit came first
;      ([clock_abort])
; CHG: EBX, ECX, EDX, SI, EBP (DI kept; the position restored)
mate_keys:
        mov si, mate_keys_walk
        mov word [keys_forces], mate_keys_forces
        mov dl, cl                  ; a mate in one looks nothing up
        ; fall through

; mate_keys_run -- mate_keys for another aim or with another walker on its root's
;                  chain (matetree.asm's)
; IN:  SI -> the walker (as mate_keys_walk); [keys_forces] -> the aim's test (as
;      mate_keys_forces); DL = the longest length whose table is cleared (mate_drive);
;      otherwise as mate_keys
; OUT, CHG: as mate_keys
mate_keys_run:
        push si
        push di
        push cx
        push dx
        mov [keys_chain], di
        call gen_moves
        mov [keys_end], di
        push di
        push es
        push ds
        pop es
        mov di, keys_lengths
        mov cx, MAX_MOVES
        xor al, al
        rep stosb
        pop es
        pop di                      ; the free space past the root's chain
        pop dx
        pop cx
        mov ch, cl                  ; CH = N
        mov cl, 1
        mov bp, sp
        mov si, [bp + 2]            ; the walker, under the saved DI
        call mate_drive
        pop di
        pop si
        jc .out
        push cx
        push di
        mov si, [keys_chain]        ; the keys gathered, in order, to the front
        mov di, si
        xor bx, bx
        xor ecx, ecx
.gather:
        cmp si, [keys_end]
        jae .gathered
        mov al, [keys_lengths + bx]
        test al, al
        jz .next
        mov eax, [es:si]
        mov [es:di], eax
        add di, MOVE_SIZE
        mov al, [keys_lengths + bx]
        xchg bx, cx
        mov [keys_lengths + bx], al
        xchg bx, cx
        inc cx
.next:  add si, MOVE_SIZE
        inc bx
        jmp .gather
.gathered:
        mov eax, ecx
        pop di
        pop cx                      ; CL = N
        clc
.out:   ret

; mate_key_at -- a key mate_keys found
; IN:  BX = its index, below the count mate_keys gave; ES = the move stack as mate_keys
;      left it
; OUT: EAX = the key, CL = the fewest moves it forces the aim in
; CHG: nothing else
mate_key_at:
        push bx
        mov cl, [keys_lengths + bx]
        shl bx, DWORD_SHIFT
        add bx, [keys_chain]
        mov eax, [es:bx]
        pop bx
        ret

; mate_keys_walk -- mate_drive's walker for every key: each root move that has no
;                   length yet and forces mate in k moves gets k
; IN:  CL = k, CH = N; ES:DI -> free space past the root's chain; FS, GS = the tables
; OUT: CF clear at k = N (the walk is done), CF set before
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_keys_walk:
        mov si, [keys_chain]
        xor bx, bx
.move:  cmp si, [keys_end]
        jae .walked
        cmp byte [keys_lengths + bx], 0
        jne .next
        call mate_keys_try
        jc .next
        mov [keys_lengths + bx], cl
.next:  add si, MOVE_SIZE
        inc bx
        jmp .move
.walked:
        cmp cl, ch                  ; CF set below N
        ret

; mate_keys_try -- does a move force the aim (a mate, a selfmate) in k moves?
; IN:  ES:SI -> the move; CL = k >= 1; ES:DI -> free space past its chain;
;      [keys_forces]
; OUT: CF clear: yes; CF set: no, or a limit came first
; CHG: EAX, EDX, EBP (BX, CX, SI, DI kept; the position restored)
mate_keys_try:
        mov eax, [es:si]
        call move_play
        push bx
        push si
        push cx
        call [keys_forces]
        pop cx
        pop si
        pop bx
        jmp mate_unmake_si

; mate_keys_forces -- after a root move, is the defender (to move) mated at once (k =
;                     1), or does every reply lose to a mate in k - 1?
; IN:  CL = k >= 1; ES:DI -> free space
; OUT: CF clear: yes; CF set: no, or a limit came first
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
mate_keys_forces:
        dec cl
        jnz mate_defend
        push di
        call gen_any_move
        pop di
        test ecx, ecx
        stc
        jnz .out                    ; a reply
        cmp byte [checkers], 1      ; CF set: no check, stalemate
.out:   ret
