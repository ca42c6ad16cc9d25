; setup.asm -- the set-up board (the VB6 seed's user-set positions; Liberman tried his
; mate solver on "fantasy" positions): P enters it with the position on the board.
;
; In the set-up the board keys change the board itself, not the game:
;   K Q R B N P (with Shift)   put a white piece on the cursor's square; k q r b n p a
;                              black one (bishops too on the 6x6 board)
;   X or Space                 empty the square
;   C                          clear the board; I the start position of the board
;   V                          the other board (its start position)
;   T                          the side to move; 1 2 3 4 the castling rights K Q k q
;   a click                    puts the piece last placed on the square, or empties it
;                              when that piece is there
;   Enter                      play from here; M then 1-5: ask for a mate in N first
;   Esc                        back to the game as it was
; Leaving checks the position with the FEN rules (fen_parse through engine_set_fen); a
; position they refuse stays on the board to be fixed, and the panel says why.
; New: the set-up board is the VB6 seed's, not in Liberman's texts.

        section .data

msg_setup       db "Set-up: Enter plays", 0
msg_setup_mate  db "Mate in how many? 1-", "0" + MATE_MAX_MOVES, 0
%if MATE_MAX_MOVES > 9
%error "the set-up asks for a mate in one digit"
%endif
msg_setup_bad   db "Refused: ", 0
msg_mate_in     db "Mate in ", 0
msg_no_mate     db "No mate found", 0
setup_piece_keys db "rnbqkp"            ; by piece code ROOK .. PAWN
; setup_rights -- the castling right of the keys 1 2 3 4
setup_rights    db CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ

        section .bss

setup_active    resb 1              ; nonzero: the board keys set up a position
setup_mate_asked resb 1             ; M was pressed: a digit says N
setup_last      resb 1              ; the content a click puts down

        section .text

; setup_enter -- P: the set-up board, starting from the position on the board
; IN, OUT, CHG: as the command keys (hand.asm)
setup_enter:
        call chessclock_stop        ; a set-up stops the clocks
        mov byte [setup_active], 1
        mov byte [setup_mate_asked], 0
        mov byte [setup_last], WHITE | PAWN
        mov byte [picked_square], NO_SQUARE
        mov byte [promo_from], NO_SQUARE
        mov byte [input_len], 0
        mov byte [last_from], NO_SQUARE
        mov byte [last_to], NO_SQUARE
        call engine_setup_begin
        mov word [message], msg_setup
        jmp screen_refresh

; setup_key -- a key in the set-up
; IN:  DX = the key (DH scan code, DL ASCII or 0)
; OUT: the board, the set-up or the game changed as the key says
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_key:
        test dl, dl
        jnz .ascii
        cmp dh, SCAN_ALT_X
        je game_quit
        jmp hand_arrow
.ascii:
        mov al, dl
        cmp byte [setup_mate_asked], 0
        jne .mate_digit
        cmp al, KEY_ESC
        je setup_cancel
        cmp al, KEY_ENTER
        je setup_leave
        cmp al, SPACE
        je .empty
        mov bx, setup_piece_keys    ; a piece letter: its colour by its case
        mov ah, al
        or ah, CASE_BIT
.piece: cmp ah, [bx]
        je .place
        inc bx
        cmp bx, setup_piece_keys + PIECE_KINDS
        jb .piece
        or al, CASE_BIT
        cmp al, 'x'
        je .empty
        cmp al, 'c'
        je setup_clear
        cmp al, 'i'
        je setup_start
        cmp al, 'v'
        je setup_other_board
        cmp al, 't'
        je setup_turn
        cmp al, 'm'
        je .ask_mate
        sub al, '1'
        cmp al, CASTLE_RIGHTS - 1
        ja .done
        movzx bx, al
        mov al, [setup_rights + bx]
        call engine_setup_castle
        jmp screen_refresh
.place: sub bx, setup_piece_keys    ; BL = the piece code
        test al, CASE_BIT
        jnz .black
        or bl, WHITE
.black: mov [setup_last], bl
        mov al, bl
        jmp setup_put
.empty: mov al, EMPTY
        jmp setup_put
.ask_mate:
        mov byte [setup_mate_asked], 1
        mov word [message], msg_setup_mate
        jmp screen_refresh
.mate_digit:
        mov byte [setup_mate_asked], 0
        sub al, '0'
        cmp al, MATE_MAX_MOVES
        ja .not_digit
        cmp al, 1
        jb .not_digit
        jmp setup_leave_for_mate
.not_digit:
        mov word [message], msg_setup
        jmp screen_refresh
.done:  ret

; setup_click -- a click in the set-up: the cursor there, and the piece last placed put
;                down (or taken off when it is already there)
; IN:  BL = the square, NO_SQUARE off the board
; OUT: the square changed
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_click:
        cmp bl, NO_SQUARE
        je .done
        push bx
        call hand_cursor_to
        pop bx
        call engine_square
        cmp al, [setup_last]
        mov al, [setup_last]
        jne setup_put
        mov al, EMPTY
        jmp setup_put
.done:  ret

; setup_put -- a content on the cursor's square
; IN:  AL = the content (EMPTY to empty it); [cursor_square]
; OUT: the square and the screen changed
; CHG: BX
setup_put:
        mov bl, [cursor_square]
        call engine_setup_put
        jmp screen_refresh

; setup_clear -- C: an empty board, no castling right
setup_clear:
        call engine_setup_clear
        jmp screen_refresh

; setup_start -- I: the start position of the board in play
setup_start:
        mov al, [engine_variant]
        jmp setup_start_of

; setup_other_board -- V: the other board, at its start position
setup_other_board:
        mov al, [engine_variant]
        xor al, VARIANT_CHESS ^ VARIANT_LOS_ALAMOS
        ; fall through

; setup_start_of -- the start position of a variant on the set-up board
; IN:  AL = the variant
setup_start_of:
        call engine_setup_start
        mov bl, [cursor_square]     ; off the 6x6 board the cursor goes to e2
        call engine_in_play
        jnc .draw
        mov byte [cursor_square], SQ_E1 - ROW_STEP
.draw:  jmp screen_refresh

; setup_turn -- T: the other side to move
setup_turn:
        call engine_setup_turn
        jmp screen_refresh

; setup_cancel -- Esc: back to the game as it was before the set-up
setup_cancel:
        mov byte [setup_active], 0
        mov bx, [engine_plies]
        jmp game_replay

; setup_leave -- Enter: play from the position set up, if the FEN rules take it
setup_leave:
        call setup_check
        jc .done
        call screen_refresh
.done:  ret

; setup_leave_for_mate -- M and a digit: the position checked as by Enter, then the
;                         mate search for the side to move, its answer on the panel
; IN:  AL = N
setup_leave_for_mate:
        push ax
        call setup_check
        pop cx
        jc .done
        call clock_limits_none
        mov byte [limit_keys], KEYS_MOVE_NOW ; Space stops a long search
        call engine_mate
        pushf
        push eax
        push cx
        call engine_settle          ; the search used the move stack: the list again
        pop cx
        pop eax
        popf
        mov di, message_buf
        mov si, msg_no_mate
        jc .say
        push eax
        mov si, msg_mate_in         ; "Mate in 2: Qh5"
        call message_add
        movzx eax, cl
        call text_number
        mov byte [di], ':'
        mov byte [di + 1], SPACE
        add di, 2
        pop eax
        call notation_san
        mov si, message_buf
        jmp .show
.say:   call message_add
        mov si, message_buf
.show:  mov [message], si
        call screen_refresh
.done:  ret

; setup_check -- the set-up as a FEN, checked by the FEN rules (engine_setup_check):
;                taken, it becomes the game's start (the record empty, you play the side
;                to move); refused, the board stays as it was set up and the panel says
;                why
; IN:  the set-up
; OUT: CF clear: the game starts from it; CF set: refused, [message] says why
; CHG: EAX, EBX, ECX, EDX, SI, DI, EBP
setup_check:
        call engine_setup_check
        jc .refused
        mov si, out_buf
        call game_set_fen
        call game_setup
        mov byte [setup_active], 0
        mov al, MODE_YOU_WHITE      ; you play the side to move
        cmp byte [engine_side], WHITE
        je .players
        mov al, MODE_YOU_BLACK
.players:
        mov [players_mode], al
        call game_set_players
        clc
        ret
.refused:
        push si
        mov di, message_buf
        mov si, msg_setup_bad
        call message_add
        pop si
        call message_add
        call screen_refresh
        stc
        ret
