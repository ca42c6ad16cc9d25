; matetable.asm -- the mate logic's memory (beyond Liberman, whose WHITEJOUEnPAS keeps
; none): the table of proven results (mate_tt, FS while the mate logic runs, its own
; segment) and the salt of the defender's refutations (mate_reply records, GS).
;
; An entry of the table remembers, for a position below mate_find's root, the fewest
; moves it is known to mate in and the most moves it is known not to mate in; a
; position met again (by another move order, or at the next length) takes the answer
; from there.  A position's mate does not depend on how it was reached (the mate logic
; knows no repetition nor 50-move draw), and an entry holds the Zobrist key and a
; second check made of the colour sets.  An entry a new position displaces moves to a
; second way (mate_tt_find looks in both), but one of more moves than the new result
; (dearer to find again) stays, and the new one takes the second way's place.

        section .bss


mate_salt       resd 1              ; this mate_find's mark on its mate_reply keys

        section .text

; mate_tt_clear -- point FS at the table of proven results and GS at the defender's
;                  refutations, and forget them all, so an answer (and its cost)
;                  depends on the position alone.  The proven results are cleared;
;                  the refutations are forgotten by a new salt, which every key
;                  stored or looked for there is XORed with: a second 64 KiB clear
;                  would cost each search ~16,000 instructions (a `best 1` job is
;                  3,000).  An old entry still matching (1 in 2^32) only orders
;                  a reply, which mate_move_fits checks before it is played.
;                  For a mate in one alone the proven results are left as they are:
;                  that search looks none up
; IN:  CS = the program segment; CH = the longest mate looked for (mate_find's N)
; OUT: FS, GS = the mate tables' segments, every entry of FS MATE_TT_EMPTY (unless
;      CH = 1); [mate_salt] new
; CHG: EAX, CX, DI
mate_tt_clear:
        push es
        mov ax, cs
        add ax, MATE_SEGMENT
        mov fs, ax
        mov es, ax
        cmp ch, 1
        je .salt                    ; a mate in one: nothing is looked up (mate_attack
        xor di, di                  ; looks below the root only), so nothing to forget
        mov eax, MATE_TT_EMPTY
        mov cx, (MATE_REFUTES + MAX_PLY * MOVE_SIZE) >> DWORD_SHIFT
        rep stosd                   ; the first way and the refutations by ply
        mov di, MATE_TT_WAY2        ; (the rest of the second quarter is not used)
        mov cx, (SEGMENT_BYTES - MATE_TT_WAY2) >> DWORD_SHIFT
        rep stosd                   ; the second way
.salt:  mov ax, cs
        add ax, MATE_SEGMENT_2
        mov gs, ax
        add dword [mate_salt], MATE_SALT_STEP
        pop es
        ret

; mate_tt_locate -- the position's entry in the table of proven results
; IN:  the position, [hash_key]; FS = the mate table's segment
; OUT: FS:BX -> its entry; EAX = the key, DX = the check word an entry of it holds
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
        mov bx, ax
        and bx, MATE_TT_OFFSET_MASK
        ret

; MATE_TT_SECOND key32, reg32 -- reg = the offset of a key's entry in the second way
%macro MATE_TT_SECOND 2
        mov %2, %1
        shr %2, MATE_TT_WAY2_SHIFT
        and %2, MATE_TT_WAY2_MASK
        add %2, MATE_TT_WAY2
%endmacro

; mate_tt_probe -- does the table know whether the side to move mates in k moves?
; IN:  CL = k; FS = the mate table's segment
; OUT: ZF set: not known; else CF clear: it mates in k, CF set: it does not
; CHG: EAX, BX, DX, BP
mate_tt_probe:
        call mate_tt_find
        jne .unknown
        cmp cl, [fs:bx + mate_entry.mates]
        jae .known                  ; mates in fewer: CF clear
        cmp [fs:bx + mate_entry.fails], cl
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
;      the second, unless that entry holds a result of more moves: then in the second
; CHG: nothing (the flags kept)
mate_tt_store:
        push eax
        push bx
        push dx
        push bp
        pushf
        call mate_tt_find
        je .update
        cmp [fs:bx + mate_entry.fails], cl ; a result the first way's beats (of more
        ja .second                  ; moves, dearer to find again) goes to the second
        cmp [fs:bx + mate_entry.mates], cl
        jbe .displace
        cmp byte [fs:bx + mate_entry.mates], MATE_TT_NO_MATE
        je .displace
.second:
        MATE_TT_SECOND eax, ebp
        mov bx, bp
        jmp .fresh
.displace:
        push eax                    ; the first way's entry goes to its second way
        mov eax, [fs:bx + mate_entry.key]
        MATE_TT_SECOND eax, ebp
        mov [fs:bp + mate_entry.key], eax
        mov eax, [fs:bx + mate_entry.check] ; the check, mates and fails
        mov [fs:bp + mate_entry.check], eax
        pop eax
.fresh: mov [fs:bx + mate_entry.key], eax
        mov [fs:bx + mate_entry.check], dx
        mov word [fs:bx + mate_entry.mates], MATE_TT_NOTHING
.update:
        popf
        pushf
        jc .fails
        cmp cl, [fs:bx + mate_entry.mates]
        jae .done
        mov [fs:bx + mate_entry.mates], cl
        jmp .done
.fails: cmp cl, [fs:bx + mate_entry.fails]
        jbe .done
        mov [fs:bx + mate_entry.fails], cl
.done:  popf
        pop bp
        pop dx
        pop bx
        pop eax
        ret

; mate_tt_find -- the position's entry in the table of proven results: its first way
;                 (the newest entry of its slot), else its second (the one before)
; IN:  the position, [hash_key]; FS = the mate table's segment
; OUT: ZF set: FS:BX -> its entry; ZF clear: none, FS:BX -> its slot in the first way;
;      EAX = the key, DX = the check word
; CHG: EBP
mate_tt_find:
        call mate_tt_locate
        cmp [fs:bx + mate_entry.key], eax
        jne .second
        cmp [fs:bx + mate_entry.check], dx
        je .done
.second:
        MATE_TT_SECOND eax, ebp
        cmp [fs:bp + mate_entry.key], eax
        jne .done
        cmp [fs:bp + mate_entry.check], dx
        jne .done
        mov bx, bp                  ; ZF stays set
.done:  ret
