; perft.asm -- count the leaves of the legal move tree: the make / find / take back walk
; of Liberman's WHITEJOUE5PAS without the mate test.  Each ply's chain sits on the move
; stack right after its parent's.  At the last ply the moves are counted, not made
; (bulk counting): count_moves (movecount.asm) gives the number of legal moves, from
; the pawns' sets (count_pawns) that perft builds at the start and keeps move by move.

        section .bss

perft_nodes     resq 1              ; leaves counted so far (64-bit)
perft_depth     resb 1              ; plies still to go below the current position
perft_full      resb 1              ; nonzero: a chain did not fit, the count is short

        section .text

; perft_run -- count the leaves below the position to a depth
; IN:  CL = depth, 1 .. PERFT_MAX_DEPTH
; OUT: [perft_nodes] = the leaves; [perft_full] nonzero if the move stack ran out
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
perft_run:
        call perft_reset
        mov [perft_depth], cl
        xor di, di
        jmp perft_count

; perft_reset -- start a count
; IN:  the position
; OUT: [perft_nodes] = 0, [perft_full] = 0; count_pawns for count_moves
; CHG: nothing else
perft_reset:
        mov dword [perft_nodes], 0
        mov dword [perft_nodes + 4], 0
        mov byte [perft_full], 0
        jmp count_pawns_build

; perft_count -- add the leaves below the position to perft_nodes
;                (Liberman: the walk of WHITEJOUE5PAS: ABPLACECARREAU, FEUNEGRO, STOKCARREAU)
; IN:  [perft_depth] >= 1; DI -> free space in the move chain; the job's limits set
; OUT: [perft_nodes] += the leaves; [perft_full] set if a chain did not fit; once a
;      limit is reached ([clock_abort]: the budget, the time, a key), no node above the
;      last ply generates: the walk unwinds and the count is short
; CHG: EAX, EBX, ECX, EDX, SI, EBP (DI kept)
perft_count:
        push di
        cmp byte [perft_depth], 1
        ja .generate
        call count_moves            ; the last ply: count, neither store nor make
        jmp .found
.generate:
        call clock_check            ; (a dozen instructions, against a ply of leaves)
        jc .stopped
        call gen_moves
.found: jnc .fits
        mov byte [perft_full], 1
.fits:  cmp byte [perft_depth], 1
        ja .deeper
        add [perft_nodes], ecx
        adc dword [perft_nodes + 4], 0
        pop di
        ret
.deeper:
        pop si                      ; SI -> this ply's first move, DI -> past its last
        push si
        dec byte [perft_depth]
        jmp .test
.move:  mov eax, [es:si]
        call move_place
        call count_pawns_move
        push si
        call perft_count
        pop si
        mov eax, [es:si]
        call move_unmake
        call count_pawns_move
        add si, MOVE_SIZE
.test:  cmp si, di
        jb .move
        inc byte [perft_depth]
.stopped:
        pop di
        ret

; perft_subtree -- add the leaves below one root move to perft_nodes (for divide)
; IN:  EAX = a legal move; CL = depth counted from the root, >= 1; DI -> free space
;      in the move chain past the root's chain
; OUT: [perft_nodes] += the leaves below the move (1 at depth 1)
; CHG: EBX, ECX, EDX, SI, EBP (EAX, DI kept)
perft_subtree:
        cmp cl, 1
        ja .deeper
        add dword [perft_nodes], 1
        adc dword [perft_nodes + 4], 0
        ret
.deeper:
        dec cl
        mov [perft_depth], cl
        call move_place
        call count_pawns_move
        push eax
        call perft_count
        pop eax
        call move_unmake
        jmp count_pawns_move
