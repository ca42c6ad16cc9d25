; ttable.asm -- the hash table of the alpha-beta search (beyond Liberman): 4096 entries
; of 16 bytes in their own segment (GS), keyed by the Zobrist key move_make keeps,
; cleared at each search (search_clear) so a search depends on the position alone.
; Mate scores are kept relative to the node, not the root.

        section .text

; tt_probe -- look the position up in the hash table
; IN:  [hash_key]; BP -> the node frame: .depth, .alpha, .beta; GS = the hash segment
; OUT: CF set: EAX = a score deep enough and inside its bound to end the node with;
;      CF clear: EAX = the stored move (0 if none)
; CHG: EBX, ECX
tt_probe:
        mov eax, [hash_key]
        mov bx, ax
        and bx, TT_OFFSET_MASK
        cmp eax, [gs:bx + tt.key]
        jne .miss
        mov cl, [gs:bx + tt.bound]
        cmp cl, BOUND_NONE
        je .miss
        mov ch, [gs:bx + tt.depth]
        cmp ch, [bp + node.depth]
        jl .move
        movsx eax, word [gs:bx + tt.score]
        call tt_score_from_table
        cmp cl, BOUND_EXACT
        je .cut
        cmp cl, BOUND_LOWER
        jne .upper
        cmp eax, [bp + node.beta]
        jge .cut
        jmp .move
.upper: cmp eax, [bp + node.alpha]
        jle .cut
.move:  mov eax, [gs:bx + tt.move]
        clc
        ret
.miss:  xor eax, eax
        clc
        ret
.cut:   stc
        ret

; tt_store -- keep the node's result in the hash table (the entry is replaced)
; IN:  [hash_key]; BP -> the node frame: .best, .move, .depth, .alpha_in, .beta
; OUT: the entry written
; CHG: EAX, EBX, CL
tt_store:
        mov eax, [hash_key]
        mov bx, ax
        and bx, TT_OFFSET_MASK
        mov [gs:bx + tt.key], eax
        mov eax, [bp + node.move]
        mov [gs:bx + tt.move], eax
        mov cl, [bp + node.depth]
        mov [gs:bx + tt.depth], cl
        mov eax, [bp + node.best]
        mov cl, BOUND_UPPER
        cmp eax, [bp + node.alpha_in]
        jle .bound
        mov cl, BOUND_LOWER
        cmp eax, [bp + node.beta]
        jge .bound
        mov cl, BOUND_EXACT
.bound: mov [gs:bx + tt.bound], cl
        call tt_score_to_table
        mov [gs:bx + tt.score], ax
        ret

; tt_score_to_table / tt_score_from_table -- a mate score counts plies from the root in
;                     the search, from the node in the table
; IN:  EAX = a score; [ply], [root_ply]
; OUT: EAX = the score as the table (or the search) keeps it
; CHG: nothing else
tt_score_to_table:
        push edx
        call tt_plies
        jmp tt_score_shift
tt_score_from_table:
        push edx
        call tt_plies
        neg edx
tt_score_shift:
        cmp eax, SCORE_MATE_BOUND
        jg .win
        cmp eax, -SCORE_MATE_BOUND
        jge .done
        sub eax, edx
        jmp .done
.win:   add eax, edx
.done:  pop edx
        ret

; tt_plies -- the plies from the root to the node
; IN:  [ply], [root_ply]
; OUT: EDX = [ply] - [root_ply]
; CHG: nothing else
tt_plies:
        movzx edx, byte [ply]
        sub dx, [root_ply]
        ret
