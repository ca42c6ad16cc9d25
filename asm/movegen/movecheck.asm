; movecheck.asm -- is the side to move in check, read off the move just made (beyond
; Liberman)?  Before that move its king stood unattacked (a legal position), so only the
; move can have checked it: the piece where it landed (a knight's jump, a pawn's take,
; a slider's line), or the slider's line the piece left.  Each is one look at a table or
; one walk out from the king, where attacked_king walks every line.  Castling and en
; passant, rare, go to attacked_king.  The search asks this after each move it makes
; (quiescence's stand pat, futility, reductions, the null move), and the same look with
; the mover put on its to square on the board alone (search_gives_check) before a
; futile quiet move is made.

        section .text

; search_in_check -- is the side to move in check?
; IN:  the position after a move made by move_make (ply_moves) or a pass ([ply] =
;      [null_ply]: no check), below the root
; OUT: CF set if its king is attacked
; CHG: nothing
search_in_check:
        pushad
        movzx ebx, byte [ply]
        cmp bx, [null_ply]
        je .no                      ; nobody is in check after a pass
        mov al, [ply_moves - MOVE_SIZE + ebx * MOVE_SIZE + move.from] ; AL = from + kind
        mov ah, [ply_moves - MOVE_SIZE + ebx * MOVE_SIZE + move.to] ; AH = the to square
        test al, KIND_CASTLE        ; castling and en passant: the kinds with this bit
        jnz .any
        movzx bx, byte [side]
        shr bx, COLOUR_SHIFT
        mov dl, [king_squares + bx] ; DL = the king
        call move_checks_king
        popad
        ret
.no:    popad                       ; (CF clear: the compare found them equal)
        ret
.any:   popad
        jmp attacked_king

; search_gives_check -- would a move of the side to move check the other king?  Looked
;                       at with the mover lifted and put down on the board alone, not
;                       made: the futility pruning leaves unmade the quiet moves that
;                       give none
; IN:  EAX = a legal move of the side to move, not made
; OUT: ZF set (CF clear): a castling, an en passant or a promotion, which it leaves to
;      the make and search_in_check; ZF clear: CF set if the move checks
; CHG: nothing
search_gives_check:
        test al, KIND_CASTLE        ; castling and en passant: the kinds with this bit
        jnz .made
        test ah, PROMO_FLAG
        jnz .made
        pushad
        movzx bx, byte [side]
        shr bx, COLOUR_SHIFT
        xor bl, 1
        mov dl, [king_squares + bx] ; DL = the other king
        movzx di, al
        and di, SQUARE_MASK
        mov byte [carreau + di], EMPTY ; the mover lifted
        mov ecx, eax
        MOVE_TO_LOW ecx             ; CL = the to square, CH = the content taken
        movzx bx, cl
        mov [carreau + bx], ah      ; and put down
        mov ah, cl
        push cx
        call move_checks_king
        pop cx                      ; the board as it was, by moves alone (the flags
        movzx bx, cl                ; hold the answer)
        mov [carreau + bx], ch
        mov bp, sp
        mov eax, [bp + PUSHAD_EAX]
        mov [carreau + di], ah
        popad
        ret
.made:  cmp al, al
        ret

; move_checks_king -- does the piece that has just landed check the king, from where
;                     it stands or by the slider's line it left?
; IN:  AL = the from square (kind bits ignored), AH = the to square; DL = the king's
;      square; the board after a move that lifts and puts down one piece (no castling,
;      no en passant)
; OUT: CF set if it checks; ZF clear
; CHG: EAX, BX, CX, DH, SI, BP
move_checks_king:
        movzx bx, ah
        mov cl, [carreau + bx]      ; CL = what landed (a promotion's new piece checks
        mov dh, cl                  ; from there as any piece would); DH = its colour
        and dh, WHITE
        and cl, PIECE_MASK
        movzx si, dl
        shl si, LIST_SHIFT          ; SI = the king's entry of the 8-byte square tables
        movzx bp, al                ; BP = the from square and kind
        test cl, KING               ; a pawn or a king (KING_BIT_KINDS)
        jnz .pawn_king
        cmp cl, KNIGHT
        je .knight
        bt word [queen_lines + si], bx
        jnc .left                   ; not on a line of the king's
        call search_line_check      ; a slider: its line to the king
        jc .check
.left:  mov bx, bp
        and bl, SQUARE_MASK
        bt word [queen_lines + si], bx
        jnc .none
        call search_line_check      ; a slider's line through the square left
        jc .check
.none:  or sp, sp                   ; (CF clear, ZF clear)
        ret
.knight:
        bt word [knight_zone + si], bx
        jc .check
        jmp .left
.pawn_king:
        cmp cl, KING
        je .left
        movzx eax, dl               ; a pawn
        test dh, dh
        jnz .white
        cmp bl, [PAWN_FROM_TABLE(BLACK) + eax * PAWN_TAKES]
        je .check
        cmp bl, [PAWN_FROM_TABLE(BLACK) + eax * PAWN_TAKES + 1]
        jne .left
        jmp .check
.white: cmp bl, [PAWN_FROM_TABLE(WHITE) + eax * PAWN_TAKES]
        je .check
        cmp bl, [PAWN_FROM_TABLE(WHITE) + eax * PAWN_TAKES + 1]
        jne .left
.check: or sp, sp
        stc
        ret

; search_line_check -- is the first piece on the line from the king through a square a
;                      slider of the mover's that moves along it?
; IN:  BX = the square; DL = the king's square, SI = it << LIST_SHIFT (its ray_len
;      entry); DH = the mover's colour
; OUT: CF set if so (CF clear too when the square is on none of the king's lines)
; CHG: AX, BX, CX
search_line_check:
        mov al, bl
        xor al, dl
        mov ah, ROOK                ; the slider of the line, besides the queen
        test al, ROW_MASK
        jz .row
        test al, FILE_MASK
        jz .file
        bt word [bishop_lines + si], bx
        jnc .none
        mov ah, BISHOP
        mov al, bl
        and al, FILE_MASK
        mov cl, dl
        and cl, FILE_MASK
        cmp al, cl
        mov al, DIR_NE
        adc al, 0                   ; west of the king: DIR_NW
        cmp dl, bl
        jnc .walk
        add al, DIR_SE - DIR_NE     ; below it: DIR_SE, DIR_SW
        jmp .walk
.row:   mov al, DIR_W
        cmp dl, bl
        sbb al, 0                   ; east of the king: DIR_E
        jmp .walk
.file:  mov al, DIR_N
        cmp dl, bl
        adc al, 0                   ; below it: DIR_S
.walk:  movzx bx, al
        movzx cx, byte [ray_len + si + bx]
        mov al, [dir_delta + bx]
        mov bl, dl
.step:  add bl, al
        cmp byte [carreau + bx], EMPTY
        loope .step
        je .none                    ; empty to the edge
        mov al, [carreau + bx]
        xor al, dh                  ; the mover's pieces: their piece code alone
        cmp al, QUEEN
        je .yes
        cmp al, ah
        je .yes
.none:  clc
        ret
.yes:   stc
        ret
%if DIR_W != DIR_E + 1 || DIR_S != DIR_N + 1 || DIR_NW != DIR_NE + 1 || DIR_SW != DIR_SE + 1
  %error "search_line_check reaches a direction from its neighbour by the carry"
%endif
