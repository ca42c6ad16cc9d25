; makemove.asm -- play and take back a 4-byte move record (Liberman: ABPLACECARREAU /
; ANPLACECARREAU place a move in CARREAU; CARREAUSTOK / STOKCARREAU keep and restore).
; Liberman copied the whole table before each move; here the record itself says how to
; undo the board (it holds both contents), and undo_stack keeps the little it cannot:
; castling rights, the en-passant square and the half-move clock of each ply.

        section .bss

ply             resb 1              ; moves made since the position was set up
undo_stack      resd MAX_PLY        ; a ply: castle, ep_square (bytes), halfmove (word)
move_now        resd 1              ; the move being made or taken back
UNDO_SHIFT      equ 2               ; 4 bytes an undo entry

        section .text

; move_make -- play a move on the board (Liberman: ABPLACECARREAU / ANPLACECARREAU,
;              with CARREAUSTOK's saving folded in)
; IN:  EAX = a legal move record of the side to move; [ply] < MAX_PLY
; OUT: the position after the move; [ply] + 1
; CHG: BX, CX, DX (EAX kept)
move_make:
        mov [move_now], eax
        movzx bx, byte [ply]
        shl bx, UNDO_SHIFT
        mov cl, [castle]
        mov ch, [ep_square]
        mov [undo_stack + bx], cx
        mov cx, [halfmove]
        mov [undo_stack + bx + 2], cx
        inc byte [ply]
        mov byte [ep_square], NO_SQUARE
        inc word [halfmove]
        movzx bx, al                ; lift the piece
        and bl, SQUARE_MASK
        mov byte [carreau + bx], EMPTY
        mov cl, [castle_keep + bx]
        and [castle], cl
        mov dl, ah                  ; DL = what lands: the piece, or what it promotes to
        and dl, CONTENT_MASK
        test ah, PROMO_FLAG
        jz .land
        mov cl, ah
        shr cl, PROMO_SHIFT
        and cl, PROMO_CODE_MASK
        and dl, WHITE
        or dl, cl
.land:  movzx bx, byte [move_now + move.to]
        mov [carreau + bx], dl
        mov cl, [castle_keep + bx]
        and [castle], cl
        mov cl, ah
        and cl, PIECE_MASK          ; CL = the piece that moved
        cmp byte [move_now + move.captured], EMPTY
        jne .clock
        cmp cl, PAWN
        jne .king
.clock: mov word [halfmove], 0      ; a capture or a pawn move
.king:  cmp cl, KING
        jne .kind
        call move_king_square
.kind:  mov cl, al
        and cl, KIND_MASK
        jz .turn
        cmp cl, KIND_DOUBLE
        je .double
        cmp cl, KIND_CASTLE
        je .castle
        call move_ep_victim         ; KIND_EP: the pawn taken leaves the board
        mov byte [carreau + bx], EMPTY
        jmp .turn
.double:
        mov cl, al                  ; the square passed over is midway
        and cl, SQUARE_MASK
        add cl, bl
        shr cl, 1                   ; halve the sum of the two squares
        mov [ep_square], cl
        jmp .turn
.castle:
        push si
        call castle_rook_path
        mov cl, [carreau + si]
        mov byte [carreau + si], EMPTY
        mov [carreau + bx], cl
        pop si
.turn:  xor byte [side], WHITE
        jz .done
        inc word [fullmove]         ; black has moved
.done:  ret

; move_unmake -- take a move back (Liberman: STOKCARREAU restores the table)
; IN:  EAX = the move record last made by move_make
; OUT: the position before it; [ply] - 1
; CHG: BX, CX (EAX kept)
move_unmake:
        mov [move_now], eax
        dec byte [ply]
        movzx bx, byte [ply]
        shl bx, UNDO_SHIFT
        mov cx, [undo_stack + bx]
        mov [castle], cl
        mov [ep_square], ch
        mov cx, [undo_stack + bx + 2]
        mov [halfmove], cx
        xor byte [side], WHITE
        jnz .board
        dec word [fullmove]         ; it was black's move
.board: movzx bx, byte [move_now + move.to]
        mov cl, [move_now + move.captured]
        mov [carreau + bx], cl
        movzx bx, al
        and bl, SQUARE_MASK
        mov cl, ah
        and cl, CONTENT_MASK
        mov [carreau + bx], cl
        and cl, PIECE_MASK
        cmp cl, KING
        jne .kind
        call move_king_square
.kind:  mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_CASTLE
        je .castle
        cmp cl, KIND_EP
        jne .done
        call move_ep_victim         ; the pawn taken comes back, the other colour's
        mov cl, ah
        and cl, WHITE
        xor cl, WHITE | PAWN
        mov [carreau + bx], cl
        jmp .done
.castle:
        push si
        movzx bx, byte [move_now + move.to]
        call castle_rook_path
        mov cl, [carreau + bx]
        mov byte [carreau + bx], EMPTY
        mov [carreau + si], cl
        pop si
.done:  ret

; move_king_square -- note where a king now stands
; IN:  AH = the king's content; BL = its square
; OUT: king_squares updated
; CHG: nothing else
move_king_square:
        test ah, WHITE
        jz .black
        mov [KING_SQ(WHITE)], bl
        ret
.black: mov [KING_SQ(BLACK)], bl
        ret

; move_ep_victim -- the square of the pawn an en-passant move takes: on the taker's
;                   row, on the file it goes to
; IN:  [move_now]
; OUT: BX = that square
; CHG: CL
move_ep_victim:
        movzx bx, byte [move_now + move.from]
        and bl, ROW_MASK
        mov cl, [move_now + move.to]
        and cl, FILE_MASK
        or bl, cl
        ret

; castle_rook_path -- where the rook goes when the king castles
; IN:  BX = the king's to square (g or c file)
; OUT: SI = the rook's corner; BX = the rook's square after castling
; CHG: nothing else
castle_rook_path:
        mov si, bx
        and si, FILE_MASK
        cmp si, FILE_G
        mov si, bx
        je .king_side
        sub si, FILE_C - FILE_A
        add bx, FILE_D - FILE_C
        ret
.king_side:
        add si, FILE_H - FILE_G
        sub bx, FILE_G - FILE_F
        ret
