; modes.asm -- the generator's modes: its inputs beside the position, set by the caller
; before gen_moves, and the two routines of the checks-only mode.  The generator asks
; nobody above it: what a caller wants (only checks, only captures worth a gain) it says
; here, and the generator narrows its moves by it.
;   [checking_only]  nonzero: the pieces but the king give only checks, as check_sets
;                    and discover_set say (the mate logic's last ply: mate_check_squares
;                    fills them, mate_attack_moves sets the mode)
;   [captures_only]  nonzero: only captures and promotions out of check (gen_captures)
;   [capture_gap]    for gen_captures: the least gain a capture must offer; captures of
;                    enemies worth no more are not looked for (gen_capture_victims)
; New: Liberman's FEUNEGRO generated every move; the narrowed modes are the 1998 rules
; of check turned round (the mate logic) and the quiescence search's.

PAWN_FILES      equ 111b            ; a file and the two beside, one file up (shifted by the file,
                                    ; then down one)

        section .bss

checking_only   resb 1              ; nonzero: the pieces but the king give only checks
captures_only   resb 1              ; nonzero inside gen_captures
capture_gap     resd 1              ; a capture that gains no more is left out
check_sets      resq PIECE_KINDS    ; by piece code: the squares it would give check from
discover_set    resq 1              ; the pieces whose leaving uncovers a check
checking_targets resq 1             ; a piece's squares narrowed to its checks

        section .text

; gen_checking_targets -- narrow a piece's squares to those from which it would give
;                         check and which it can reach at all (its jumps, its lines:
;                         the pieces between aside), unless its leaving uncovers a
;                         check; a pawn keeps its check squares and the rows pawns
;                         promote on (what it promotes to may check) when one of them
;                         lies on its file or beside it, one or two rows ahead
;                         (gen_moves' PIECES_HALF under [checking_only])
; IN:  DX = the piece; BP -> the squares it may enter; check_sets, discover_set
; OUT: BP -> checking_targets, or unchanged; ZF set if no square is left
; CHG: EAX, BX, ECX, SI
gen_checking_targets:
        movzx bx, dl
        bt word [discover_set], bx
        jc .all
        mov si, checking_targets
        mov al, dh
        and al, PIECE_MASK          ; AL = the piece's kind
        cmp al, PAWN
        jne .jumps
        mov cl, dl                  ; a pawn: none of its check squares on its file or
        and cl, FILE_MASK           ; the files beside, on the two rows ahead?
        mov ax, PAWN_FILES
        shl ax, cl
        shr ax, 1                   ; AL = those files
        shr bx, ROW_SHIFT
        inc bx                      ; black: rows + 1 and + 2
        test dh, WHITE
        jz .ahead
        sub bx, 3                   ; white: rows - 2 and - 1 (from the top row on
.ahead: mov ah, [check_sets + PAWN * SET_BYTES + bx] ; rows - 1 .. 8: the empty
        or ah, [check_sets + PAWN * SET_BYTES + bx + 1] ; king's set, discover_set)
        and al, ah                  ; ZF set: it cannot give check
        jz .none
        mov si, check_sets + PAWN * SET_BYTES
        jmp .narrow
.jumps: shl bx, LIST_SHIFT          ; BX = the square's entry in the step tables
        cmp al, KNIGHT
        jne .bishop
        lea si, [knight_zone + bx]
        jmp .narrow
.bishop:
        cmp al, BISHOP
        jne .straight
        lea si, [bishop_lines + bx]
        jmp .narrow
.straight:                          ; a rook or a queen: its row and file
        mov cl, dl
        and cl, FILE_MASK
        mov eax, FILE_BITS
        shl eax, cl
        mov ecx, eax
        test dh, QUEEN              ; a queen (a rook is kind 0): and its diagonals
        jz .file
        or eax, [bishop_lines + bx]
        or ecx, [bishop_lines + bx + 4]
.file:  mov [si], eax
        mov [si + 4], ecx
        movzx bx, dl
        shr bx, ROW_SHIFT
        mov byte [si + bx], ROW_SET
.narrow:
        movzx bx, dh
        and bl, PIECE_MASK
        shl bx, LIST_SHIFT
        mov eax, [si]
        and eax, [check_sets + bx]
        mov ecx, [si + 4]
        and ecx, [check_sets + bx + 4]
        and eax, [bp]               ; and the squares it may enter
        and ecx, [bp + 4]
        mov [checking_targets], eax
        mov [checking_targets + 4], ecx
        mov bp, checking_targets
        or eax, ecx                 ; ZF set for none
        ret
.all:   test bp, bp                 ; ZF clear: a set's address is not 0
.none:  ret

; gen_castling_wanted -- may a castling be among the moves wanted?  Under [checking_only]
;                        it checks only with its rook on the enemy king's row or file,
;                        or by uncovering a line (the king or the rook leaving it): so
;                        only with a check square or an uncovering piece on its row
; IN:  [king_here] on its home row; check_sets, discover_set
; OUT: CF set: look for castlings
; CHG: AL, BX
gen_castling_wanted:
        cmp byte [checking_only], 0
        stc
        je .done
        movzx bx, byte [king_here]
        shr bx, ROW_SHIFT
        mov al, [check_sets + ROOK * SET_BYTES + bx]
        or al, [discover_set + bx]  ; CF clear
        jz .done
        stc
.done:  ret
