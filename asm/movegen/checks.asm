; checks.asm -- the 1998 rules of check (Liberman 1998), as the move generator notes them
; while it walks out of the king (gen_<colour>_checks, movegen.asm): each checker, the
; squares a piece other than the king may then enter (target_mask), and each piece that
; shelters the king from a slider with the line it may still move along (pin_masks).

        section .text

; check_add_contact -- note a pawn or knight giving check (Liberman 1998, rule 2)
; IN:  BX = its square
; OUT: [checkers] + 1; the first checker: target_mask = its square alone
; CHG: EAX
check_add_contact:
        inc byte [checkers]
        cmp byte [checkers], 1
        jne .done
        xor eax, eax
        mov [target_mask], eax
        mov [target_mask + 4], eax
        bts word [target_mask], bx
.done:  ret

; check_add_slider -- note a rook, bishop or queen giving check (Liberman 1998, rule 3)
; IN:  BL = its square; DL = the step from the king towards it
; OUT: [checkers] + 1; the first checker: target_mask = the squares between the king
;      and the checker, and the checker's square
; CHG: AH, BP
check_add_slider:
        inc byte [checkers]
        cmp byte [checkers], 1
        jne .done
        mov ah, bl
        mov bp, target_mask
        call mask_ray
.done:  ret

; check_add_pin -- note a piece that shelters the king from a slider
;                  (Liberman 1998, rule 4)
; IN:  DH = the sheltering piece's square; BL = the enemy slider's square; DL = the step
;      from the king towards them
; OUT: the piece in pinned_set; its pin_masks entry = the squares from the king
;      (excluded) to the slider (included)
; CHG: AH, BP
check_add_pin:
        push bx
        movzx bx, dh
        bts word [pinned_set], bx
        shl bx, LIST_SHIFT
        lea bp, [pin_masks + bx]
        pop bx
        mov ah, bl
        jmp mask_ray

; mask_ray -- the set of squares on a line from the king
; IN:  BP -> a 64-bit set; AH = the last square (on the line); DL = the step
; OUT: [BP] = the squares after [king_here] up to AH
; CHG: nothing else
mask_ray:
        push bx
        mov dword [bp], 0
        mov dword [bp + 4], 0
        movzx bx, byte [king_here]
.step:  add bl, dl
        bts word [bp], bx
        cmp bl, ah
        jne .step
        pop bx
        ret
