; position.asm -- the front door's view of the position, for the front ends to show it
; and to set one up: a square's content, the squares in play, a bare king, a move in UCI
; and the position as a FEN, the start positions; and the set-up board's calls, which
; change the position a piece at a time and then take it through the FEN rules.
; New: Liberman's program showed its board from CARREAU itself; the set-up board is the
; VB6 seed's.

SQUARE_NAME_BYTES equ 2            ; a file letter and a rank digit

; engine/position.asm: a row of setup_reasons, and the state a set-up keeps to go back to
struc setup_reason
        .error          resw 1      ; the error_entry of the FEN error
        .text           resw 1      ; what the panel says
endstruc
struc setup_state
        .side           resb 1
        .castle         resb 1
        .variant        resb 1
endstruc

        section .data

start_fen_text  db "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0
la_start_fen_text db "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 0 ; Los Alamos chess
; variant_start_fens -- by VARIANT_*: its start position
variant_start_fens dw start_fen_text, la_start_fen_text
%if ($ - variant_start_fens) != 2 * (VARIANT_LOS_ALAMOS + 1)
%error "one start position a variant"
%endif

castle_letters  db "KQkq"           ; FEN letters of CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ
%if CASTLE_WK != 1 || CASTLE_WQ != 2 || CASTLE_BK != 4 || CASTLE_BQ != 8
%error "castle_letters follows the order of the castling bits"
%endif

; setup_reasons -- what a set-up's panel says for each FEN error a set-up can make
setup_reasons:
        dw err_kings, text_setup_kings
        dw err_pawn_rank, text_setup_pawns
        dw err_check, text_setup_check
        dw err_castling, text_setup_castling
setup_reasons_end:
text_setup_kings    db "one king each side", 0
text_setup_pawns    db "pawn on an end rank", 0
text_setup_check    db "side not to move in check", 0
text_setup_castling db "castling: king/rook away", 0

        section .bss

square_text     resb SQUARE_NAME_BYTES + 1 ; a square's name for engine_print_square
setup_saved     resb BOARD_SQUARES  ; the board as set up, kept while the FEN rules look
setup_saved_state resb setup_state_size
setup_work      equ mode_work + MODE_BUF_BYTES - FEN_BYTES ; the FEN of the set-up, for
                                    ; fen_parse to cut up: the set-up board is the game's,
                                    ; so it lies at the end of sys/dos.asm's mode_work,
                                    ; after the game's own fields there (game.asm checks)

        section .text

; engine_square -- what stands on a square
; IN:  BL = the square (0 = a8 .. 63 = h1)
; OUT: AL = its content (EMPTY, or colour | piece)
; CHG: nothing else
engine_square:
        push bx
        movzx bx, bl
        mov al, [carreau + bx]
        pop bx
        ret

; engine_in_play -- is a square on the board in play? (board_in_play)
; IN:  BL = a square (0..63)
; OUT: CF set if it is off the board (the border of the 6x6 board)
; CHG: nothing
engine_in_play:
        jmp board_in_play

; engine_king_alone -- has a colour nothing but its king? (FIDE Laws 6.9: a flag that
;                      falls against it draws)
; IN:  AL = the colour, WHITE or BLACK
; OUT: CF set if so
; CHG: nothing
engine_king_alone:
        push ax
        push si
        mov ah, al
        xor si, si
.square:
        mov al, [carreau + si]
        cmp al, EMPTY
        je .next
        xor al, ah
        test al, WHITE
        jnz .next                   ; a piece of the other colour
        and al, PIECE_MASK
        cmp al, KING
        clc
        jne .done                   ; more than its king
.next:  inc si
        cmp si, BOARD_SQUARES
        jb .square
        stc
.done:  pop si
        pop ax
        ret

; engine_start_fen -- a variant's start position
; IN:  AL = VARIANT_*
; OUT: SI -> its FEN, 0-terminated
; CHG: nothing else
engine_start_fen:
        push bx
        movzx bx, al
        shl bx, 1                   ; a word a variant
        mov si, [variant_start_fens + bx]
        pop bx
        ret

; engine_print_move -- add a move in UCI long algebraic to the result: e2e4, e7e8q, and
;                      castling as the king's move (e1g1)
; IN:  EAX = the move record
; OUT: nothing
; CHG: nothing
engine_print_move:
        push eax
        push bx
        mov bl, al
        call engine_print_square
        MOVE_SWAP eax
        mov bl, al
        call engine_print_square
        MOVE_SWAP eax
        test ah, PROMO_FLAG
        jz .done
        movzx bx, ah
        shr bx, PROMO_SHIFT
        and bx, PROMO_CODE_MASK
        mov al, [piece_letters + bx]
        call out_char
.done:  pop bx
        pop eax
        ret

; engine_print_square -- add a square's name (e4) to the result
; IN:  BL = the square (kind bits above it are ignored)
; OUT: nothing
; CHG: nothing
engine_print_square:
        push ax
        push si
        push di
        mov al, bl
        mov di, square_text
        call text_square
        mov byte [di], 0
        mov si, square_text
        call out_string
        pop di
        pop si
        pop ax
        ret

; engine_print_fen -- the position on the board as a FEN, into the result writer
;                     (out_char: the save file or the game log); 6 ranks of 6 on the
;                     Los Alamos board
; IN:  the position; [out_handle]
; OUT: the FEN written, no line end
; CHG: nothing
engine_print_fen:
        pushad
        movzx bx, byte [geometry + board_geometry.first_square] ; BX walks the board
        xor cx, cx                  ; CL = empty squares not yet written, CH = file
.square:
        mov al, [carreau + bx]
        cmp al, EMPTY
        jne .piece
        inc cl
        jmp .next
.piece: call engine_print_empties
        mov ah, al
        call text_piece_letter
        test ah, WHITE
        jnz .put
        add al, CASE_BIT            ; black: lower case
.put:   call out_char
.next:  inc bx
        inc ch
        cmp ch, [geometry + board_geometry.files]
        jb .square
        call engine_print_empties   ; the end of a rank
        xor ch, ch
        test bl, FILE_MASK
        jz .row
        and bl, ROW_MASK            ; past the border of the small board
        add bl, ROW_STEP
.row:   cmp bl, BOARD_SQUARES
        je .side
        mov al, '/'
        call out_char
        jmp .square
.side:  call out_space
        mov al, 'w'
        cmp byte [side], WHITE
        je .side_put
        mov al, 'b'
.side_put:
        call out_char
        call out_space
        mov ah, [castle]
        test ah, ah
        jnz .rights
        mov al, '-'
        call out_char
        jmp .ep
.rights:
        xor bx, bx
.right: shr ah, 1
        jnc .no_right
        mov al, [castle_letters + bx]
        call out_char
.no_right:
        inc bx
        test ah, ah
        jnz .right
.ep:    call out_space
        mov bl, [ep_square]
        cmp bl, NO_SQUARE
        je .no_ep
        call engine_print_square
        jmp .clocks
.no_ep: mov al, '-'
        call out_char
.clocks:
        call out_space
        movzx eax, word [halfmove]
        call out_u32
        call out_space
        mov eax, [fullmove]
        call out_u32
        popad
        ret

; engine_print_empties -- write the count of empty squares met, if any
; IN:  CL = the count
; OUT: CL = 0
; CHG: nothing else
engine_print_empties:
        test cl, cl
        jz .done
        push ax
        mov al, '0'
        add al, cl
        call out_char
        pop ax
        xor cl, cl
.done:  ret

; engine_note_position -- the side to move, the castling rights and the variant into
;                         the status block
; IN:  the position
; OUT: [engine_side], [engine_castle], [engine_variant]
; CHG: nothing
engine_note_position:
        push ax
        mov al, [side]
        mov [engine_side], al
        mov al, [castle]
        mov [engine_castle], al
        mov al, [variant]
        mov [engine_variant], al
        pop ax
        ret

; The set-up board: the position changed a square at a time, the side to move and the
; castling rights set by hand, then taken through the FEN rules (engine_setup_check);
; the legal moves and the game's status wait for that.

; engine_setup_begin -- start a set-up from the position on the board: no en passant,
;                       the clocks at the start of a game
; IN:  the position
; OUT: [ep_square] none, the half-move clock 0, the move number 1
; CHG: nothing
engine_setup_begin:
        mov byte [ep_square], NO_SQUARE
        mov word [halfmove], 0
        mov dword [fullmove], 1
        ret

; engine_setup_put -- a content on a square of the set-up
; IN:  AL = the content (EMPTY to empty it); BL = the square
; OUT: the square changed
; CHG: nothing
engine_setup_put:
        push bx
        movzx bx, bl
        mov [carreau + bx], al
        pop bx
        ret

; engine_setup_clear -- an empty board, no castling right
; IN:  nothing
; OUT: the board empty, [engine_castle] = 0
; CHG: BX
engine_setup_clear:
        mov bx, BOARD_SQUARES
.square:
        dec bx
        mov byte [carreau + bx], EMPTY
        jnz .square
        mov byte [castle], 0
        jmp engine_note_position

; engine_setup_start -- a variant's start position on the set-up board
; IN:  AL = VARIANT_*
; OUT: its position, [engine_side], [engine_castle], [engine_variant]
; CHG: EAX, BX, CX, DX, SI, DI
engine_setup_start:
        call engine_start_fen
        mov di, setup_work
        call text_append
        mov si, setup_work
        call fen_parse              ; the start positions are sound
        jmp engine_note_position

; engine_setup_turn -- the other side to move
; IN:  nothing
; OUT: [engine_side] the other colour
; CHG: nothing
engine_setup_turn:
        xor byte [side], WHITE ^ BLACK
        jmp engine_note_position

; engine_setup_castle -- a castling right given or taken
; IN:  AL = the CASTLE_* bit
; OUT: [engine_castle] with it flipped
; CHG: nothing
engine_setup_castle:
        xor [castle], al
        jmp engine_note_position

; engine_setup_check -- the set-up as a FEN, checked by the FEN rules: taken, it is left
;                       in the result buffer for engine_set_fen (the caller's next step);
;                       refused, the board stays as it was set up
; IN:  the set-up
; OUT: CF clear: out_buf = the FEN, 0-terminated, [out_len] = 0, the position as the
;      FEN sets it; CF set: SI -> the reason, a short text (the error's code when it has
;      none), the set-up as it was
; CHG: EAX, EBX, ECX, EDX, SI, DI
engine_setup_check:
        mov si, carreau             ; keep the set-up: fen_parse clears the board first
        mov di, setup_saved
        mov cx, BOARD_SQUARES
.keep:  lodsb
        mov [di], al
        inc di
        loop .keep
        mov al, [side]
        mov [setup_saved_state + setup_state.side], al
        mov al, [castle]
        mov [setup_saved_state + setup_state.castle], al
        mov al, [variant]
        mov [setup_saved_state + setup_state.variant], al
        mov word [out_len], 0       ; the FEN written into the output buffer, left there
        call engine_print_fen       ; (nothing is written before engine_set_fen reads it)
        mov bx, [out_len]
        mov word [out_len], 0
        mov byte [out_buf + bx], 0
        mov si, out_buf             ; the rules look at a copy: fen_parse cuts it up
        mov di, setup_work
        mov cx, FEN_BYTES
.work:  lodsb
        mov [di], al
        inc di
        loop .work
        mov si, setup_work
        call fen_parse
        jc .refused
        call engine_note_position
        clc
        ret
.refused:
        mov ax, [si + error_entry.code] ; the reason: a short one, or the error's code
        mov bx, setup_reasons
.reason:
        cmp [bx + setup_reason.error], si
        je .known
        add bx, setup_reason_size
        cmp bx, setup_reasons_end
        jb .reason
        jmp .say
.known: mov ax, [bx + setup_reason.text]
.say:   push ax
        mov al, [setup_saved_state + setup_state.variant]
        call board_set_variant
        mov si, setup_saved
        mov di, carreau
        mov cx, BOARD_SQUARES
.back:  lodsb
        mov [di], al
        inc di
        loop .back
        mov al, [setup_saved_state + setup_state.side]
        mov [side], al
        mov al, [setup_saved_state + setup_state.castle]
        mov [castle], al
        call engine_note_position
        pop si
        stc
        ret
