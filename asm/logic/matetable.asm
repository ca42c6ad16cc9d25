; matetable.asm -- the mate logic's memory (beyond Liberman, whose WHITEJOUEnPAS keeps
; none): the table of proven results (mate_tt, FS while the mate logic runs, its own
; segment, or a block of extended memory where the machine has one) and the salt of the
; defender's refutations (mate_reply records, GS).
;
; An entry of the table remembers, for a position below mate_find's root, the fewest
; moves it is known to mate in and the most moves it is known not to mate in; a
; position met again (by another move order, or at the next length) takes the answer
; from there.  A position's mate does not depend on how it was reached (the mate logic
; knows no repetition nor 50-move draw), and an entry holds the Zobrist key and a
; second check made of the colour sets.  An entry a new position displaces moves to a
; second way (mate_tt_find looks in both), but one of more moves than the new result
; (dearer to find again) stays, and the new one takes the second way's place.
;
; In FS's segment the second way is its second half, and each mate_find clears the
; table.  In extended memory (MATE_XMS_KIB, asked for at the first mate_find: sys/xms.asm,
; reached as [fs:ebx] past FS's base in unreal mode) the two ways are a bucket's two
; entries, and nothing is cleared: the keys are kept XORed with the mate_find's salt, so
; an entry of an earlier one never matches, and a bucket that holds another salt is
; free (its first entry taken without displacing), so the answer and its cost depend on
; the position alone there too.

        section .bss

mate_salt       resd 1              ; this mate_find's mark on its mate_reply keys
mate_tt_mask    resd 1              ; a key's bits that are its entry's (or bucket's) offset
mate_tt_base    resd 1              ; the table's offset from FS's base; 0: FS's segment
mate_tt_salt    resd 1              ; XORed into the keys kept: 0 in FS's segment
mate_xms        resb xms_block_size ; the table's block of extended memory (xms.asm)
mate_xms_asked  resw 1              ; bit 0 set: the block was asked for

        section .text

; mate_tt_clear -- point FS at the table of proven results and GS at the defender's
;                  refutations, and forget them all, so an answer (and its cost)
;                  depends on the position alone.  The proven results are cleared in
;                  FS's segment, forgotten by the new salt in extended memory; the
;                  refutations are forgotten by the salt, which every key stored or
;                  looked for there is XORed with: a second 64 KiB clear would cost
;                  each search ~16,000 instructions (a `best 1` job is 3,000).  An old
;                  entry still matching (1 in 2^32) only orders a reply, which
;                  mate_move_fits checks before it is played.  For a mate in one
;                  alone nothing is cleared: that search looks none up
; IN:  CS = the program segment; CH = the longest mate looked for (mate_find's N)
; OUT: FS, GS = the mate tables' segments, every entry of the table forgotten (unless
;      CH = 1); [mate_salt] new; mate_tt_locate's table (mate_tt_place)
; CHG: EAX, CX, DI
mate_tt_clear:
        push es
        mov ax, cs
        add ax, MATE_SEGMENT_2
        mov gs, ax
        add dword [mate_salt], MATE_SALT_STEP
        sub ax, MATE_SEGMENT_2 - MATE_SEGMENT
        mov fs, ax
        mov es, ax
        call mate_tt_place
        cmp ch, 1
        je .done                    ; a mate in one: nothing is looked up (mate_attack
        mov eax, MATE_TT_EMPTY      ; looks below the root only), so nothing to forget
        mov di, MATE_REFUTES
        cmp dword [mate_tt_base], 0
        jne .by_ply                 ; extended memory: the refutations by ply alone
        mov di, MATE_TT_WAY2
        mov cx, (SEGMENT_BYTES - MATE_TT_WAY2) >> DWORD_SHIFT
        rep stosd                   ; the second way
        xor di, di                  ; the first way (the rest of the second quarter is
.by_ply:                            ; not used) and the refutations by ply
        mov cx, MATE_REFUTES + MAX_PLY * MOVE_SIZE
        sub cx, di
        shr cx, DWORD_SHIFT
        rep stosd
.done:  pop es
        ret

; mate_tt_place -- where the table of proven results is: a block of MATE_XMS_KIB (or
;                  the largest power of two from 1 MiB free) of extended memory, asked
;                  for at the first call, or else FS's segment
; IN:  FS = the mate table's segment; [mate_salt]
; OUT: [mate_tt_mask], [mate_tt_base], [mate_tt_salt] for mate_tt_locate; in extended
;      memory FS with a 4 GiB limit (xms_unreal)
; CHG: EAX
mate_tt_place:
        push si
        push bx
        mov si, mate_xms
        bts word [mate_xms_asked], 0
        jc .asked
        mov dword [mate_tt_mask], MATE_TT_OFFSET_MASK
        mov ax, MATE_XMS_KIB
        call xms_open
        jc .done
        movzx eax, word [si + xms_block.kib]
        shl eax, KIB_SHIFT
        dec eax
        and al, ~(MATE_XMS_BUCKET - 1)
        mov [mate_tt_mask], eax
        mov ax, fs
        movzx eax, ax
        shl eax, PARA_SHIFT
        neg eax
        add eax, [si + xms_block.linear]
        mov [mate_tt_base], eax     ; FS stays the mate segment: its refutations by ply
.asked: cmp dword [mate_tt_base], 0
        je .done
        call xms_unreal             ; (a program run between two searches may have reset
        mov eax, [mate_salt]        ; the 4 GiB limits)
        mov [mate_tt_salt], eax
.done:  pop bx
        pop si
        ret

; mate_tt_locate -- the position's entry in the table of proven results
; IN:  the position, [hash_key]; FS = the mate table's segment; mate_tt_place's table
; OUT: FS:EBX -> its entry (its bucket's first in extended memory); EAX = the key as an
;      entry of it holds it, DX = the check word
; CHG: nothing else
mate_tt_locate:
        mov eax, [COLOUR_SET(WHITE)]
        add eax, [COLOUR_SET(WHITE) + 4]
        xor eax, [COLOUR_SET(BLACK)]
        add eax, [COLOUR_SET(BLACK) + 4]
        mov edx, eax
        shr edx, 16
        xor dx, ax
        mov eax, [hash_key]
        mov ebx, eax
        and ebx, [mate_tt_mask]
        add ebx, [mate_tt_base]
        xor eax, [mate_tt_salt]
        ret

; mate_tt_second -- an entry's second way: in extended memory its bucket's other
;                   entry, in FS's segment MATE_TT_WAY2 on by the key's higher bits
; IN:  EAX = the key as the entry holds it; FS:EBX -> its first way's entry
; OUT: FS:EBP -> its second way's entry
; CHG: nothing else (the flags)
mate_tt_second:
        lea ebp, [ebx + mate_entry_size]
        cmp dword [mate_tt_base], 0
        jne .done
        mov ebp, eax
        shr ebp, MATE_TT_WAY2_SHIFT
        and ebp, MATE_TT_WAY2_MASK
        add ebp, MATE_TT_WAY2
.done:  ret

; mate_tt_probe -- does the table know whether the side to move mates in k moves?
; IN:  CL = k; FS = the mate table's segment
; OUT: ZF set: not known; else CF clear: it mates in k, CF set: it does not
; CHG: EAX, EBX, DX, EBP
mate_tt_probe:
        call mate_tt_find
        jne .unknown
        cmp cl, [fs:ebx + mate_entry.mates]
        jae .known                  ; mates in fewer: CF clear
        cmp [fs:ebx + mate_entry.fails], cl
        jb .unknown
        stc                         ; fails in k or more: no mate in k
.known: mov bl, 1
        inc bl                      ; ZF clear, CF kept
        ret
.unknown:
        cmp al, al                  ; ZF set
        ret

; mate_tt_store -- note a proven result of the side to move in k moves
; IN:  CL = k; CF clear: it mates in k moves, CF set: it does not; FS = the table
; OUT: the position's entry updated; a new one in the first way, whose entry moves to
;      the second, unless that entry holds a result of more moves: then in the second;
;      in extended memory a bucket of another salt takes it in its first way, marked
; CHG: nothing (the flags kept)
mate_tt_store:
        push eax
        push ebx
        push dx
        push ebp
        pushf
        call mate_tt_find
        je .update
        cmp dword [mate_tt_base], 0
        je .ways
        mov ebp, [mate_tt_salt]     ; extended memory: a bucket of an earlier mate_find
        xchg ebp, [fs:ebx + MATE_XMS_SALT] ; holds nothing
        cmp ebp, [mate_tt_salt]
        jne .fresh
.ways:  cmp [fs:ebx + mate_entry.fails], cl ; a result the first way's beats (of more
        ja .second                  ; moves, dearer to find again) goes to the second
        cmp [fs:ebx + mate_entry.mates], cl
        jbe .displace
        cmp byte [fs:ebx + mate_entry.mates], MATE_TT_NO_MATE
        je .displace
.second:
        call mate_tt_second
        mov ebx, ebp
        jmp .fresh
.displace:
        push eax                    ; the first way's entry goes to its second way
        mov eax, [fs:ebx + mate_entry.key]
        call mate_tt_second
        mov [fs:ebp + mate_entry.key], eax
        mov eax, [fs:ebx + mate_entry.check] ; the check, mates and fails
        mov [fs:ebp + mate_entry.check], eax
        pop eax
.fresh: mov [fs:ebx + mate_entry.key], eax
        mov [fs:ebx + mate_entry.check], dx
        mov word [fs:ebx + mate_entry.mates], MATE_TT_NOTHING
.update:
        popf
        pushf
        jc .fails
        cmp cl, [fs:ebx + mate_entry.mates]
        jae .done
        mov [fs:ebx + mate_entry.mates], cl
        jmp .done
.fails: cmp cl, [fs:ebx + mate_entry.fails]
        jbe .done
        mov [fs:ebx + mate_entry.fails], cl
.done:  popf
        pop ebp
        pop dx
        pop ebx
        pop eax
        ret

; mate_tt_find -- the position's entry in the table of proven results: its first way
;                 (the newest entry of its slot), else its second (the one before)
; IN:  the position, [hash_key]; FS = the mate table's segment
; OUT: ZF set: FS:EBX -> its entry; ZF clear: none, FS:EBX -> its slot in the first way;
;      EAX = the key as the table holds it, DX = the check word
; CHG: EBP
mate_tt_find:
        call mate_tt_locate
        cmp [fs:ebx + mate_entry.key], eax
        jne .second
        cmp [fs:ebx + mate_entry.check], dx
        je .done
.second:
        call mate_tt_second
        cmp [fs:ebp + mate_entry.key], eax
        jne .done
        cmp [fs:ebp + mate_entry.check], dx
        jne .done
        mov ebx, ebp                ; ZF stays set
.done:  ret
