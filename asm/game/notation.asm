; notation.asm -- moves and positions as text for people: a move in Standard Algebraic
; Notation (SAN) for the panel and the save file (the position as a FEN is the engine's:
; engine_print_fen).  (Liberman's game showed the move on the screen as
; coordinates; SAN is what a player reads today.)

; notation.asm: what notation_rivals finds
RIVAL_SAME_FILE equ 01h             ; notation_rivals: a rival on the move's file
RIVAL_SAME_ROW  equ 02h             ; a rival on the move's rank

        section .data

text_long_castle  db "O-"          ; runs on into text_short_castle
text_short_castle db "O-O", 0

        section .bss

san_list        resw 1              ; notation_san_in: where the legal moves are (ES)
san_count       resw 1              ; and how many

        section .text

; notation_san -- a legal move in SAN, without the check sign (the game adds + or #
;                 once the move is made): O-O, Nbd7, R1e2, Qh4xe1, exd6, e8=Q
; IN:  EAX = the move record, legal in the position on the board; ES:0 = the legal
;      moves of that position, [engine_legal] of them; DI -> the buffer (DS)
; OUT: the text stored, 0-terminated; DI -> the 0
; CHG: nothing else
notation_san:
        push si
        push cx
        xor si, si
        mov cx, [engine_legal]
        call notation_san_in
        pop cx
        pop si
        ret

; notation_san_in -- notation_san for a position whose legal moves are listed anywhere
;                    (a move of the thinking's line, the position not the game's)
; IN:  EAX = the move record; ES:SI -> the legal moves of its position, CX = their
;      count; DI -> the buffer (DS)
; OUT, CHG: as notation_san
notation_san_in:
        mov [san_list], si
        mov [san_count], cx
        push eax
        push ebx
        push cx
        push edx
        push si
        mov edx, eax                ; DL from, DH piece, byte 2 to, byte 3 captured
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_CASTLE
        jne .not_castling
        mov si, text_short_castle
        MOVE_SWAP eax
        and al, FILE_MASK
        cmp al, FILE_E
        ja .copy
        mov si, text_long_castle
.copy:  call text_append
        jmp .done
.not_castling:
        mov ch, 0                   ; CH = 1: a capture
        MOVE_SWAP eax               ; AL = to, AH = captured
        cmp ah, EMPTY
        jne .takes
        cmp cl, KIND_EP
        jne .kind
.takes: mov ch, 1
.kind:  mov al, dh
        and al, PIECE_MASK
        cmp al, PAWN
        jne .piece
        test ch, ch                 ; a pawn: exd6, e8=Q, exd8=N
        jz .pawn_to
        mov al, dl
        call text_square
        sub di, 1                   ; keep the file letter only
        mov byte [di], 'x'
        inc di
.pawn_to:
        mov eax, edx
        MOVE_TO_LOW eax
        call text_square
        test dh, PROMO_FLAG
        jz .end
        mov byte [di], '='
        mov al, dh
        shr al, PROMO_SHIFT
        and al, PROMO_CODE_MASK
        call text_piece_letter
        mov [di + 1], al
        add di, 2
        jmp .end
.piece: call text_piece_letter
        mov [di], al
        inc di
        call notation_rivals        ; BL = 1 another such piece, BH bits: file, rank shared
        test bl, bl
        jz .capture
        mov al, dl
        test bh, RIVAL_SAME_FILE
        jz .by_file
        test bh, RIVAL_SAME_ROW
        jz .by_rank
        call text_square        ; both shared: the whole square
        jmp .capture
.by_file:
        call text_square
        dec di
        jmp .capture
.by_rank:
        call text_square
        mov al, [di - 1]
        mov [di - 2], al
        dec di
.capture:
        test ch, ch
        jz .to
        mov byte [di], 'x'
        inc di
.to:    mov eax, edx
        MOVE_TO_LOW eax
        call text_square
.end:   mov byte [di], 0
.done:  pop si
        pop edx
        pop cx
        pop ebx
        pop eax
        ret

; notation_rivals -- the other pieces of the same kind and colour that can go to the
;                    same square (what SAN must tell apart)
; IN:  EDX = the move record; ES:[san_list] = the legal moves, [san_count] of them
; OUT: BL = 1 if there is one, else 0; BH = RIVAL_SAME_FILE if one of them stands on
;      the move's file, RIVAL_SAME_ROW if one stands on its rank
; CHG: nothing else
notation_rivals:
        push eax
        push cx
        push si
        push edi
        xor bx, bx
        mov si, [san_list]
        mov cx, [san_count]
        jcxz .done
.move:  mov edi, [es:si]
        add si, MOVE_SIZE
        xor edi, edx                ; the bits where the two moves differ
        test edi, 0FFh << MOVE_TO_SHIFT ; the same to square
        jnz .next
        test di, CONTENT_MASK << 8  ; the same piece
        jnz .next
        test di, SQUARE_MASK        ; from another square
        jz .next
        mov bl, 1
        test di, FILE_MASK
        jnz .row
        or bh, RIVAL_SAME_FILE
.row:   test di, ROW_MASK
        jnz .next
        or bh, RIVAL_SAME_ROW
.next:  loop .move
.done:  pop edi
        pop si
        pop cx
        pop eax
        ret
