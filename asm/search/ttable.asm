; ttable.asm -- the hash table of the alpha-beta search (beyond Liberman): 8192 entries
; of 16 bytes in two segments (HASH_SEGMENT and HASH_SEGMENT_2, the key's bit 16 says
; which; GS while the entry is looked at), or, after engine_hash_size, 1 to 16 MiB of
; extended memory (sys/xms.asm: GS = 0 and EBX the entry's linear address, in unreal
; mode), keyed by the Zobrist key move_make keeps.
; It is kept from one search to the next of a game, and emptied when the engine is
; told to forget (search_forget: a new game, or a job whose answer must depend on its
; position alone).  The entries go in buckets of two: the first keeps the deepest
; result of this search (one of an earlier search gives way to any), the second the
; latest.  Mate scores are kept relative to the node, not the root, so they stay true
; from a later root.

        section .bss

tt_age          resb 1              ; counts the searches: the age of the entries they write
tt_xms_mask     resd 1              ; a key's bits that are its bucket's offset in extended memory
tt_xms          resb xms_block_size ; the table's block of extended memory (xms.asm)

        section .text

TT_CONVENTIONAL_KIB equ 2 * SEGMENT_BYTES / 1024 ; the two segments' table

%ifdef HASH_KIB
; A smaller table for the size study (nasm -DHASH_KIB=32: a quarter of today's), in the
; first segment alone.
TT_SMALL_MASK   equ (HASH_KIB * 1024 - 1) & TT_OFFSET_MASK
%if HASH_KIB < 1 || HASH_KIB * 1024 > SEGMENT_BYTES || (HASH_KIB & (HASH_KIB - 1))
%error "HASH_KIB is a power of two from 1 to 64"
%endif
%endif

; tt_bucket -- where the position's entries are
; IN:  [hash_key]; [tt_xms], [tt_xms_mask] when the table is in extended memory
; OUT: EAX = the key; GS:EBX -> its bucket
; CHG: nothing else
tt_bucket:
        mov eax, [hash_key]
        cmp dword [tt_xms + xms_block.linear], 0
        jne .extended
        mov bx, cs
        add bx, HASH_SEGMENT
%ifdef HASH_KIB
        mov gs, bx
        movzx ebx, ax
        and bx, TT_SMALL_MASK
%else
        test byte [hash_key + TT_SEGMENT_BYTE], TT_SEGMENT_BIT
        jz .segment
        add bx, HASH_SEGMENT_2 - HASH_SEGMENT
.segment:
        mov gs, bx
        movzx ebx, ax
        and bx, TT_OFFSET_MASK
%endif
        ret
.extended:
        push word 0
        pop gs
        mov ebx, eax
        and ebx, [tt_xms_mask]
        add ebx, [tt_xms + xms_block.linear]
        ret

; tt_size_set -- the table in AX MiB of extended memory, or in conventional memory
;                (AX = 0, or where extended memory cannot be had), emptied
; IN:  AX = MiB wanted, 0 or a power of two up to XMS_MAX_MIB
; OUT: AX = the table's KiB; CF clear: in extended memory; CF set: in conventional
;      memory, DL = why (XMS_NOT_ASKED: AX was 0; XMS_V86, XMS_NO_DRIVER, XMS_NO_MEMORY)
; CHG: EDX
tt_size_set:
        push si
        mov si, tt_xms
        call xms_close
        mov dl, XMS_NOT_ASKED
        test ax, ax
        jz .conventional
        shl ax, KIB_SHIFT           ; MiB -> KiB
        call xms_open
        jc .refused
        call xms_zero
        movzx eax, word [si + xms_block.kib]
        shl eax, KIB_SHIFT
        dec eax
        and eax, TT_OFFSET_MASK | 0FFFF0000h ; a bucket's offset
        mov [tt_xms_mask], eax
        mov ax, [si + xms_block.kib]
        pop si
        clc
        ret
.refused:
        mov dl, al
.conventional:
        mov byte [search_fresh], 1  ; (the next search empties the conventional table)
        mov ax, TT_CONVENTIONAL_KIB
        pop si
        stc
        ret

; TT_FIND miss -- GS:EBX -> the entry of the position's bucket that holds its key, on to
; the next line; to the label `miss` when neither does
; IN:  [hash_key]
; OUT: EAX = the key
%macro TT_FIND 1
        call tt_bucket
        cmp eax, [gs:ebx + tt.key]
        je %%found
        add ebx, tt_size
        cmp eax, [gs:ebx + tt.key]
        jne %1
%%found:
%endmacro

; tt_probe -- look the position up in the hash table
; IN:  [hash_key]; BP -> the node frame: .depth, .alpha, .beta
; OUT: CF set: EAX = a score deep enough and inside its bound to end the node with;
;      CF clear: EAX = the stored move (0 if none); GS = the key's hash segment
; CHG: EBX, ECX
tt_probe:
        TT_FIND .miss
        mov cl, [gs:ebx + tt.bound]
        cmp cl, BOUND_NONE
        je .miss
        mov ch, [gs:ebx + tt.depth]
        cmp ch, [bp + node.depth]
        jl .move
        movsx eax, word [gs:ebx + tt.score]
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
.move:  mov eax, [gs:ebx + tt.move]
        clc
        ret
.miss:  xor eax, eax                ; (CF clear)
        ret
.cut:   stc
        ret

; tt_move -- the move the hash table keeps for the position, whatever its depth (the
;            root's first move: the search of the move before left it there)
; IN:  [hash_key]
; OUT: EAX = the move, 0 if none; GS = the key's hash segment
; CHG: EBX
tt_move:
        TT_FIND .none
        mov eax, [gs:ebx + tt.move]
        ret
.none:  xor eax, eax
        ret

; tt_store -- keep the node's result in the hash table: in the bucket's first entry if
;             it holds the same position, a result of an earlier search or one no
;             deeper, else in the second
; IN:  [hash_key]; BP -> the node frame: .best, .move, .depth, .alpha_in, .beta;
;      [tt_age]
; OUT: the entry written; GS = the key's hash segment
; CHG: EAX, EBX, CL
tt_store:
        call tt_bucket
        cmp eax, [gs:ebx + tt.key]
        je .entry
        mov cl, [tt_age]
        cmp cl, [gs:ebx + tt.age]
        jne .entry
        mov cl, [bp + node.depth]
        cmp cl, [gs:ebx + tt.depth]
        jge .entry
        add ebx, tt_size
.entry: mov [gs:ebx + tt.key], eax
        mov cl, [tt_age]
        mov [gs:ebx + tt.age], cl
        mov eax, [bp + node.move]
        mov [gs:ebx + tt.move], eax
        mov cl, [bp + node.depth]
        mov [gs:ebx + tt.depth], cl
        mov eax, [bp + node.best]
        mov cl, BOUND_UPPER
        cmp eax, [bp + node.alpha_in]
        jle .bound
        mov cl, BOUND_LOWER
        cmp eax, [bp + node.beta]
        jge .bound
        mov cl, BOUND_EXACT
.bound: mov [gs:ebx + tt.bound], cl
        call tt_score_to_table
        mov [gs:ebx + tt.score], ax
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
