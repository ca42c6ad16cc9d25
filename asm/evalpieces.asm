; evalpieces.asm -- the pieces' part of the evaluation (beyond Liberman and Michniewski),
; with Fruit 2.1's weights (Fabien Letouzey's eval.cpp): the bishop pair, rooks on files
; without pawns of their side or without any pawn, and material that cannot win without
; pawns.  The rooks are counted file by file and the bishops side by side move by move
; (eval_pieces_move); the rooks' term is counted again only when a move changes the
; rooks or the pawns (eval.asm's eval_move), and taken back with the evaluation's other
; sums, so that a node pays for it only when it changes.

        section .bss

; eval_rooks -- the rooks on each file: a byte a file, black's 8 then white's 8
eval_rooks      resb 2 * FILES
; eval_bishops -- each side's bishops, [0] black's, [1] white's
eval_bishops    resb 2

        section .text

; eval_tally -- a rook or a bishop comes to a square (DL = 1) or leaves it (DL = -1) in
;               eval_rooks and eval_bishops (the second bishop brings BISHOP_PAIR_CP to
;               eval_psq, and takes it away when it leaves); any other content changes
;               nothing
; IN:  CL = the content (promotion bits ignored); BL = the square (kind bits ignored); DL
; OUT: eval_rooks, eval_bishops, [eval_psq]
; CHG: nothing
eval_tally:
        push ebx
        test cl, ROOK_OR_BISHOP
        jnz .done
        test cl, BISHOP
        jnz .bishop
        movzx ebx, bl
        and bl, FILE_MASK
        test cl, WHITE
        jz .rook
        add bl, FILES
.rook:  add [eval_rooks + ebx], dl
        pop ebx
        ret
.bishop:
        movzx ebx, cl
        shr bl, COLOUR_SHIFT
        and bl, 1
        add [eval_bishops + ebx], dl
        push eax
        mov al, [eval_bishops + ebx]
        add al, al
        sub al, dl
        cmp al, 1 + 2               ; from one bishop to two, or back: the pair's bonus
        jne .pair                   ; (untapered: a sum of eval_psq)
        movsx eax, dl
        imul eax, eax, BISHOP_PAIR_CP
        test cl, WHITE
        jnz .white
        neg eax
.white: add [eval_psq], eax
.pair:  pop eax
.done:  pop ebx
        ret

; eval_pieces_move -- eval_tally's counts after a move (DL = 1) or before it once it is
;                     taken back (DL = -1): a rook changes file, a rook or a bishop is
;                     taken or promoted to, a castling rook moves
; IN:  EAX = the move; DL = 1 or -1
; OUT: eval_rooks, eval_bishops, [eval_psq]
; CHG: nothing
eval_pieces_move:
        push ebx
        push ecx
        mov cl, ah
        and cl, PIECE_MASK
        jz .rook                    ; ROOK: it may change file
.taken: mov ecx, eax
        MOVE_CAPTURED_LOW ecx
        test cl, ROOK_OR_BISHOP
        jz .victim
.promoted:
        MOVE_PROMOTED .castle
        mov cl, ah
        and cl, WHITE
        or cl, bl
        mov ebx, eax
        MOVE_TO_LOW ebx
        call eval_tally
        jmp .done
.castle:
        mov cl, al
        and cl, KIND_MASK
        cmp cl, KIND_CASTLE
        jne .done
        mov cl, ah                  ; the king's colour: the rook's
        and cl, WHITE               ; (ROOK = 0)
        mov ebx, eax
        MOVE_TO_LOW ebx
        and bx, SQUARE_MASK
        push si
        call castle_rook_path       ; BX = the rook's new square, SI = its old one
        call eval_tally
        mov bx, si
        neg dl
        call eval_tally
        neg dl
        pop si
.done:  pop ecx
        pop ebx
        ret
.victim:
        mov ebx, eax
        MOVE_TO_LOW ebx
        neg dl
        call eval_tally
        neg dl
        jmp .promoted               ; (a pawn may take and promote)
.rook:  mov cl, ah
        mov bl, al
        neg dl
        call eval_tally             ; it leaves its file
        neg dl
        mov ebx, eax
        MOVE_TO_LOW ebx
        call eval_tally             ; and comes to its new one
        jmp .taken

; ZERO_BYTES dest, source -- dest = 0FFh in each byte of the dword source (a byte of
; pawn_rows a file, bit 7 never set: no pawn stands on row 7) that is 0, 0 in the others
%macro ZERO_BYTES 2
        mov %1, %2
        add %1, 7F7F7F7Fh           ; bit 7 set where the byte is not 0 (no carry out)
        and %1, 80808080h
        shr %1, 7
        imul %1, %1, 0FFh
        not %1
%endmacro

; BYTES_SUM reg32 -- reg32 = the sum of its four bytes (each sum below 256)
%macro BYTES_SUM 1
        imul %1, %1, 01010101h
        shr %1, 24
%endmacro

; eval_rook_files -- the rooks on files without their side's pawns (ROOK_SEMI_*) or
;                   without any pawn (ROOK_OPEN_MIDDLE more), white's less black's
; IN:  eval_rooks, pawn_rows
; OUT: [eval_rook_mid], [eval_rook_end]
; CHG: nothing
eval_rook_files:
        pushad
        xor esi, esi                ; ESI, EDI: white's, black's rooks a byte a file, on
        xor edi, edi                ; files without their pawns + 16 x without any pawn
        mov bx, FILES
.half:  sub bx, FILES / 2           ; BX = the first file of a half: e, then a
        ZERO_BYTES eax, [pawn_rows + PAWN_ROWS_WHITE + bx]
        ZERO_BYTES edx, [pawn_rows + PAWN_ROWS_BLACK + bx]
        mov ecx, [eval_rooks + FILES + bx] ; white's rooks
        mov ebp, ecx
        and ecx, eax
        add esi, ecx
        and eax, edx                ; the files without any pawn
        and ebp, eax
        shl ebp, OPEN_FILE_SHIFT
        add esi, ebp
        mov ecx, [eval_rooks + bx]  ; black's
        and edx, ecx
        add edi, edx
        and eax, ecx
        shl eax, OPEN_FILE_SHIFT
        add edi, eax
        test bx, bx
        jnz .half
        BYTES_SUM esi
        BYTES_SUM edi
        mov eax, esi
        and eax, SEMI_FILE_MASK
        mov ecx, edi
        and ecx, SEMI_FILE_MASK
        sub eax, ecx                ; EAX: rooks on files without their pawns, white's
        shr esi, OPEN_FILE_SHIFT    ; less black's; ESI: on files without any pawn
        shr edi, OPEN_FILE_SHIFT
        sub esi, edi
        imul edx, eax, ROOK_SEMI_END
        mov [eval_rook_end], dx
        imul eax, eax, ROOK_SEMI_MIDDLE
        imul ecx, esi, ROOK_OPEN_MIDDLE
        add eax, ecx
        mov [eval_rook_mid], ax
        popad
        ret

; eval_recount -- eval_rook_files, unless [eval_frozen] (the quiescence search's moves)
; IN, OUT: as eval_rook_files; [eval_frozen]
; CHG: nothing
eval_recount:
        cmp byte [eval_frozen], 0
        jne .done
        call eval_rook_files
.done:  ret

; eval_draw_scale -- a side ahead without pawns cannot win with a minor piece alone,
;                    and hardly with a minor piece more than the other side: its score
;                    shrinks to a sixteenth, or to a quarter
; IN:  EAX = the score from white's view; [eval_phase], pawn_rows
; OUT: EAX scaled
; CHG: CX, SI
eval_draw_scale:
        mov cx, [eval_phase]        ; CL = black's share, CH = white's
        mov si, PAWN_ROWS_WHITE
        test eax, eax
        jg .ahead
        jz .done
        xchg cl, ch                 ; black is ahead: seen from black
        mov si, PAWN_ROWS_BLACK
.ahead: cmp dword [pawn_rows + si], 0
        jne .done
        cmp dword [pawn_rows + si + 4], 0
        jne .done
        cmp ch, PHASE_BISHOP
        ja .more
        sar eax, DRAW_SHIFT_MINOR
        ret
.more:  sub ch, cl
        cmp ch, PHASE_BISHOP
        ja .done
        sar eax, DRAW_SHIFT_LEAD
.done:  ret
